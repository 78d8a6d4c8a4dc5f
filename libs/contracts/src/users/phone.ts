import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';

export const INVALID_PHONE_MESSAGE = 'Please enter a valid 10-digit phone number';
export const INVALID_CODE_MESSAGE = 'Please enter the 6-digit verification code';

/**
 * A phone number as typed ("(555) 123-4567", "+44 20 7946 0958"), normalised to E.164 by libphonenumber-js
 * (its metadata ships in the package). Without a country code it is read as North American (+1), as the app's
 * (###) ###-#### display assumes. Only numbers the numbering plan makes possible pass: "+0000000000" or a
 * country code that does not exist never reach an SMS provider.
 */
export function toE164(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), 'US');
  return parsed && parsed.isPossible() ? parsed.number : null;
}

/** The country calling code of an E.164 number ("1" for +1 555 …), or null when it has none. */
export function callingCodeOf(e164: string): string | null {
  return parsePhoneNumberFromString(e164)?.countryCallingCode ?? null;
}

/** The calling codes of ISO country codes ("US,CA" → {"1"}); unknown codes are refused by name. */
export function callingCodesOf(countries: string[]): Set<string> {
  return new Set(
    countries.map((country) => {
      if (!isSupportedCountry(country)) throw new Error(`Unknown country code in PHONE_COUNTRIES: ${country}`);
      return getCountryCallingCode(country);
    }),
  );
}

export const phoneNumberSchema = z
  .string({ error: INVALID_PHONE_MESSAGE })
  .max(32, INVALID_PHONE_MESSAGE)
  .transform((value, ctx) => {
    const e164 = toE164(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: INVALID_PHONE_MESSAGE });
      return z.NEVER;
    }
    return e164;
  });

export const otpCodeSchema = z.string({ error: INVALID_CODE_MESSAGE }).regex(/^\d{6}$/, INVALID_CODE_MESSAGE);

/** Only the last four digits ever appear outside the users service (logs, SMS provider errors). */
export function maskPhone(e164: string): string {
  return `${'•'.repeat(Math.max(0, e164.length - 4))}${e164.slice(-4)}`;
}
