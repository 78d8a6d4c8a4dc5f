import { z } from 'zod';

export const INVALID_PHONE_MESSAGE = 'Please enter a valid 10-digit phone number';
export const INVALID_CODE_MESSAGE = 'Please enter the 6-digit verification code';

/**
 * A phone number as typed ("(555) 123-4567", "+44 20 7946 0958"), normalised to E.164. Ten digits without a
 * country code are read as North American (+1), as the app's (###) ###-#### display assumes.
 */
export function toE164(input: string): string | null {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return digits.length >= 10 && digits.length <= 15 ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
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
