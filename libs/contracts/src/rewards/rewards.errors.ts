import { defineErrors } from '../errors/define-errors';

export const RewardErrorSet = defineErrors('REWARD', {
  NOT_FOUND: 404,
  NOT_ENOUGH_POINTS: 409,
  LIMIT_REACHED: 409,
  /** No perk of the caller's with that redemption id. */
  PERK_NOT_FOUND: 404,
  /** The perk was used already (each redemption is used once). */
  PERK_USED: 409,
  /** A Spotlight Post names the post to spotlight; the other perks take none. */
  PERK_ITEM: 400,
  /** Goods sent by post are redeemed with the postal address to send them to. */
  ADDRESS_REQUIRED: 422,
  /** An address (or other delivery detail) sent for a reward that is not posted. */
  DELIVERY_NOT_TAKEN: 400,
  /** The gift card goes to the member's confirmed e-mail address, and they have none. */
  EMAIL_REQUIRED: 409,
  /** Fulfilment (listing and deciding redemptions) is for administrators. */
  NOT_ADMIN: 403,
  /** No redemption with that id. */
  REDEMPTION_NOT_FOUND: 404,
  /** The redemption was fulfilled or cancelled already (two decisions at once: one wins). */
  REDEMPTION_CLOSED: 409,
});
export const RewardError = RewardErrorSet.codes;
