import { postalAddressSchema, redeemBodySchema } from './rewards.schemas';

const ADDRESS = { name: 'Ada Lovelace', line1: '12 Elm Street', city: 'Minneapolis', postalCode: '55401', country: 'United States' };
const problems = (value: unknown) => {
  const result = postalAddressSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('postalAddressSchema', () => {
  it('takes an address with its optional second line and region, trimmed', () => {
    expect(postalAddressSchema.parse({ ...ADDRESS, name: '  Ada Lovelace ', line2: 'Apt 3', region: 'MN' })).toEqual({
      ...ADDRESS,
      line2: 'Apt 3',
      region: 'MN',
    });
  });

  it('names each missing field, and refuses what no address holds', () => {
    expect(problems({ ...ADDRESS, city: '  ', name: undefined })).toEqual(expect.arrayContaining(['City is required', 'Name is required']));
    expect(problems({ ...ADDRESS, postalCode: '5'.repeat(17) })).toEqual(['Postal code must be at most 16 characters']);
    expect(problems({ ...ADDRESS, postalCode: '554<01>' })).toEqual(['Postal code may hold letters, digits, spaces and hyphens only']);
    expect(problems({ ...ADDRESS, line1: 'x'.repeat(121) })).toEqual(['Address line 1 must be at most 120 characters']);
    expect(problems({ ...ADDRESS, country: 'U' })).toEqual(['Country is required']);
  });

  it('is optional in the redeem body, which keeps the spec client’s user id', () => {
    expect(redeemBodySchema.parse(undefined)).toBeUndefined();
    expect(redeemBodySchema.parse({ userId: '0f8fad5b-d9cb-469f-a165-70867728950e' })).toEqual({ userId: '0f8fad5b-d9cb-469f-a165-70867728950e' });
  });
});
