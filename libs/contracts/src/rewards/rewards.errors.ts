import { defineErrors } from '../errors/define-errors';

export const RewardErrorSet = defineErrors('REWARD', {
  NOT_FOUND: 404,
  NOT_ENOUGH_POINTS: 409,
  LIMIT_REACHED: 409,
});
export const RewardError = RewardErrorSet.codes;
