import { defineErrors } from '../errors/define-errors';

/** Moderation (docs/product-rules.md, Moderation): the review queue, its decisions and appeals. */
export const ModerationErrorSet = defineErrors('MODERATION', {
  /** Every review-queue route is for moderators only. */
  NOT_MODERATOR: 403,
  /** No such case, or (appeals) not a case about the caller's content. */
  CASE_NOT_FOUND: 404,
  /** The case was decided already (or, for an appeal's decision, is not awaiting one). */
  ALREADY_DECIDED: 409,
  /** An appeal is decided by a moderator other than the one who made the decision appealed. */
  SAME_MODERATOR: 409,
  /** Only a removal can be appealed, once. */
  APPEAL_NOT_ALLOWED: 409,
  /** An appeal is upheld (remove) or overturned (approve); a warning is no answer to it. */
  APPEAL_DECISION: 400,
});
export const ModerationError = ModerationErrorSet.codes;
