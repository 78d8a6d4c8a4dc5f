import { defineErrors } from './define-errors';

/** A retried creating call (the Idempotency-Key header): the first answer is replayed, never written twice. */
export const IdempotencyErrorSet = defineErrors('IDEMPOTENCY', {
  KEY_REUSED: 422,
  IN_PROGRESS: 409,
});
export const IdempotencyError = IdempotencyErrorSet.codes;

export const IdempotencyMessages = {
  keyReused: 'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
  inProgress: 'This request is still being processed. Try again in a moment.',
  /** Seconds a client waits before asking again about a request still being processed. */
  inProgressRetryAfterSeconds: 1,
} as const;
