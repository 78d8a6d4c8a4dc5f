import { defineErrors } from '../errors/define-errors';

export const UserErrorSet = defineErrors('USER', {
  NOT_FOUND: 404,
  /** Scout mode and rewarded posts are for verified members. */
  VERIFICATION_REQUIRED: 403,
  /** The member's plan does not include the feature (garage-sale alerts). */
  PLAN_REQUIRED: 403,
  PHONE_TAKEN: 409,
});
export const UserError = UserErrorSet.codes;

/** Sign-in and phone verification codes. */
export const AuthErrorSet = defineErrors('AUTH', {
  /** Wrong, expired or used-up code: the message says which. */
  INVALID_CODE: 400,
  COUNTRY_NOT_SUPPORTED: 400,
  TOO_MANY_CODES: 429,
  CODE_NOT_SENT: 503,
  /** A body names another member than the session's. */
  NOT_YOURSELF: 403,
});
export const AuthError = AuthErrorSet.codes;

/** Alert e-mail. */
export const EmailErrorSet = defineErrors('EMAIL', {
  /** A confirmation or unsubscribe link that is unknown, used or older than 24 hours. */
  LINK_INVALID: 404,
  /** CONFIRMATION_MAILS_PER_ADDRESS confirmation mails went to this address within a day (retryAfterSeconds). */
  TOO_MANY_MAILS: 429,
});
export const EmailError = EmailErrorSet.codes;
