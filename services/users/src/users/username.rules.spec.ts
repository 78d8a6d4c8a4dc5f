import { generateUsername } from './username.rules';

describe(generateUsername.name, () => {
  it('builds an adjective, a noun and four digits', () => {
    expect(generateUsername()).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d{4}$/);
  });

  it('spreads names out (400k combinations): 200 draws give at least 190 distinct names', () => {
    const names = new Set(Array.from({ length: 200 }, () => generateUsername()));
    expect(names.size).toBeGreaterThanOrEqual(190);
  });

  it('pads the number so every name has the same shape', () => {
    expect(generateUsername(() => 7)).toBe('BrightFox0007');
  });
});
