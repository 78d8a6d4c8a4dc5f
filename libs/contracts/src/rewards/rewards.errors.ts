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
});
export const RewardError = RewardErrorSet.codes;
