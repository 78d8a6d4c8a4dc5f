import { defineErrors } from '../errors/define-errors';

export const BlockErrorSet = defineErrors('BLOCK', {
  /** A member cannot block themselves. */
  SELF: 400,
  /** No member with that id. */
  NOT_FOUND: 404,
});
export const BlockError = BlockErrorSet.codes;
