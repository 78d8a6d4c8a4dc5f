import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_ATTEMPTS = 5;
/** Per phone: at most this many codes an hour, and one every 30 s. */
export const MAX_SENDS_PER_HOUR = 5;
/** Codes a number may receive in an hour from everybody together: high enough that strangers cannot use it up for the owner cheaply. */
export const MAX_SENDS_PER_HOUR_PER_PHONE = 20;
/** A browser that typed a right code for a number within this many days gets its own 5 an hour past the ceiling from everybody. */
export const PROVEN_DEVICE_DAYS = 365;
export const MIN_SECONDS_BETWEEN_SENDS = 30;

/** Six digits from a CSPRNG, leading zeros kept. */
export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The stored form: an HMAC bound to the phone and purpose, so a code cannot be replayed elsewhere. */
export function hashCode(secret: string, phone: string, purpose: string, code: string): string {
  return createHmac('sha256', secret).update(`phone-code:${purpose}:${phone}:${code}`).digest('hex');
}

export function codeMatches(expectedHash: string, actualHash: string): boolean {
  const a = Buffer.from(expectedHash, 'hex');
  const b = Buffer.from(actualHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What a member is told when no code could be texted: the provider refused it, or the hour's budget is spent. */
export const CODE_NOT_SENT_MESSAGE = 'We could not send the code. Please try again in a moment.';

export function codeMessage(code: string): string {
  return `Your Curbside code is ${code}. It expires in 10 minutes. Never share it.`;
}
