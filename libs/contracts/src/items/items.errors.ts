import { defineErrors } from '../errors/define-errors';

export const ItemErrorSet = defineErrors('ITEM', {
  NOT_FOUND: 404,
  /** Taken, held, expired or no longer listed. */
  NOT_AVAILABLE: 409,
  /** Votes, still-there answers and claims are for other members' items. */
  OWN_ITEM: 403,
  NOT_POSTER: 403,
  /** Only available items can be edited or deleted. */
  NOT_EDITABLE: 409,
  SCOUT_MODE_REQUIRED: 403,
  ALREADY_VOTED: 409,
  ALREADY_CONFIRMED: 409,
  /** Queues (docs/product-rules.md): only behind a hold, 20 members, 5 queues a member. */
  NOT_HELD: 409,
  QUEUE_FULL: 409,
  QUEUE_LIMIT: 409,
  ALREADY_QUEUED: 409,
  NOT_QUEUED: 404,
  /** The poster's pick from the line (docs/product-rules.md, "Queue"): paid items and garage sales only. */
  PICK_NOT_ALLOWED: 409,
  /** The picked member is not in the item's line. */
  PICK_NOT_IN_LINE: 409,
  /** The picked member holds as many items as they may, or started as many holds in the last 24 hours as they may. */
  PICK_AT_HOLD_LIMIT: 409,
  /** The picked member's holds are suspended for no-shows. */
  PICK_SUSPENDED: 409,
  /** The pickup of an item that was not picked up with a checked photo. */
  NOT_PICKED_UP: 409,
  /** The post is in the spotlight already (a Spotlight Post on it still runs). */
  ALREADY_SPOTLIT: 409,
  /** The photo is on another member's post: a post shows a photo its own poster uploaded. */
  PHOTO_IN_USE: 409,
  /**
   * The photo was not uploaded by the poster, or is no longer kept: an upload no post shows is deleted a day later,
   * and a deleted post's photo with it.
   */
  PHOTO_NOT_KEPT: 409,
});
export const ItemError = ItemErrorSet.codes;

export const ClaimErrorSet = defineErrors('CLAIM', {
  /** The pickup photo did not pass its check; the body's message explains why. */
  PHOTO_FAILED: 403,
  /** The member already holds as many first-dibs holds as their standing allows. */
  HOLD_LIMIT: 409,
  NO_ITEM_PHOTO: 409,
  /** Only the member holding the item can release the hold. */
  NOT_HOLDER: 403,
  /** Three no-shows within 28 days: no new holds for 7 days; the message names the date. */
  HOLDS_SUSPENDED: 409,
  /**
   * 10 holds started in the rolling 24 hours (docs/product-rules.md, "Holds a day"): a hold shows the exact spot, so
   * nobody maps a street's doorsteps by holding and releasing. The message names the time the next hold is possible.
   */
  DAILY_HOLDS: 409,
  /** 60 verified pickups in the rolling 28 days (docs/product-rules.md, "Fairness"): the message names the next free day. */
  PICKUP_QUOTA: 409,
});
export const ClaimError = ClaimErrorSet.codes;

export const CommentErrorSet = defineErrors('COMMENT', {
  NOT_FOUND: 404,
  NOT_AUTHOR: 403,
  /** The comment is in review: its author may delete it, not edit it, until a moderator decides. */
  IN_REVIEW: 409,
  MONTHLY_LIMIT: 403,
  /** COMMENTS_PER_HOUR (or COMMENT_EDITS_PER_HOUR for edits) reached; Retry-After says when the next is possible. */
  RATE_LIMITED: 429,
});
export const CommentError = CommentErrorSet.codes;

export const ReportErrorSet = defineErrors('REPORT', {
  OWN_ITEM: 400,
  /** A member's own comment or wanted post, or themselves. */
  SELF: 400,
  ALREADY_REPORTED: 409,
  /** No such comment, wanted post or member to report. */
  TARGET_NOT_FOUND: 404,
});
export const ReportError = ReportErrorSet.codes;
