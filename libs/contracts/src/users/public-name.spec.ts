import { publicName } from './public-name';

describe('publicName', () => {
  const member = { username: 'BraveOtter1234', firstName: 'Maria', verifiedName: null, useGeneratedName: false };

  it('is the first name, with the last initial of a verified full name', () => {
    expect(publicName(member)).toBe('Maria');
    expect(publicName({ ...member, verifiedName: 'Maria  de la Cruz ' })).toBe('Maria C.');
    expect(publicName({ ...member, verifiedName: 'maria álvarez' })).toBe('Maria Á.');
  });

  it('is the made-up name without a first name, or when the member chose it; never the full name', () => {
    expect(publicName({ ...member, firstName: null })).toBe('BraveOtter1234');
    expect(publicName({ ...member, firstName: '  ' })).toBe('BraveOtter1234');
    expect(publicName({ ...member, verifiedName: 'Maria Garcia', useGeneratedName: true })).toBe('BraveOtter1234');
    expect(publicName({ ...member, verifiedName: 'Maria' })).toBe('Maria');
  });
});
