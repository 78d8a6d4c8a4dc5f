import { defineErrors } from '../errors/define-errors';

export const MessageErrorSet = defineErrors('MESSAGE', {
  /** No thread the caller belongs to: the same answer whether or not one exists. */
  NOT_FOUND: 404,
  /** The caller is no longer the holder (or the sale's interested member): the thread is read-only. */
  CLOSED: 409,
  /** The message asks for a sign-in code: never sent. */
  REFUSED: 422,
  /** 30 messages an hour per member (retryAfterSeconds). */
  RATE_LIMITED: 429,
  /** Only the other side answers a meet-at proposal, once. */
  CANNOT_ANSWER: 409,
});
export const MessageError = MessageErrorSet.codes;
