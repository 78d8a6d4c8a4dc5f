import { callingCodeOf, callingCodesOf, toE164 } from './phone';

describe('phone numbers', () => {
  it.each([
    ['(555) 123-4567', '+15551234567'],
    ['555.123.4567', '+15551234567'],
    ['1 555 123 4567', '+15551234567'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+1 (514) 555-0123', '+15145550123'],
  ])('normalises %s to %s', (typed, e164) => {
    expect(toE164(typed)).toBe(e164);
  });

  it.each([['+0000000000'], ['+9991234567890'], ['12345'], ['call me maybe'], ['+1 555 123'], ['']])('refuses %s', (typed) => {
    expect(toE164(typed)).toBeNull();
  });

  it('knows the calling codes of allowed countries', () => {
    expect(callingCodeOf('+442079460958')).toBe('44');
    expect(callingCodesOf(['US', 'CA'])).toEqual(new Set(['1']));
    expect(() => callingCodesOf(['XX'])).toThrow('Unknown country code in PHONE_COUNTRIES: XX');
  });
});
