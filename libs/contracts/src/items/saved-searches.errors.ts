import { defineErrors } from '../errors/define-errors';

export const SavedSearchErrorSet = defineErrors('SEARCH', {
  /** No such saved search, or it is another member's (nobody learns which). */
  NOT_FOUND: 404,
  /** The plan's number of saved searches is reached; the message names it. */
  LIMIT_REACHED: 409,
  /** The radius is wider than the plan searches; the message names the plan's radius. */
  RADIUS_OVER_PLAN: 403,
  /** Auto-claim is for the Pro plan; the message says so. */
  PLAN_REQUIRED: 403,
});
export const SavedSearchError = SavedSearchErrorSet.codes;
