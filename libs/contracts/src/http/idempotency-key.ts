/**
 * The creating calls whose route says `idempotencyKey: true` accept this header (docs/api.md lists them): the same
 * caller and key within IDEMPOTENCY_KEY_TTL_HOURS replay the first answer instead of writing again.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** What is wrong with a header value, or null when it can be used as a key (1–255 printable ASCII characters). */
export function idempotencyKeyProblem(value: string): string | null {
  if (value.length === 0) return `${IDEMPOTENCY_KEY_HEADER} must not be empty`;
  if (value.length > IDEMPOTENCY_KEY_MAX_LENGTH) return `${IDEMPOTENCY_KEY_HEADER} must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`;
  if (!/^[\x20-\x7e]+$/.test(value)) return `${IDEMPOTENCY_KEY_HEADER} must be printable ASCII characters only`;
  return null;
}
