import { plural } from './plural';

describe('plural', () => {
  it('says one thing in the singular and every other count in the plural', () => {
    expect(plural(1, 'mile')).toBe('1 mile');
    expect(plural(2, 'mile')).toBe('2 miles');
    expect(plural(0.5, 'mile')).toBe('0.5 miles');
    expect(plural(0, 'vote')).toBe('0 votes');
    expect(plural(1, 'vote')).toBe('1 vote');
  });
});
