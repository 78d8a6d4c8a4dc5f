/**
 * The contracts' browser entry: routes (method and path), constants and messages, without the schema library.
 * The SPA's first screen imports only this (and types from the full entry).
 */
export * from './api-routes';
export * from './items';
export { RANKS, RANK_NAMES, rankForPoints, type RankName } from '../rewards/ranks';
export { BADGES, BADGE_NAMES, type BadgeName } from '../rewards/badges';
export { ACTION_POINTS, PENDING_POINTS_HOURS, TIER_MULTIPLIER, DAILY_POST_CREDITS, QUICK_DELETE_MINUTES, actionPoints } from '../rewards/points';
export { BADGE_ANIMATION_TRIGGER, LIVE_STREAM_PATH, LIVE_STREAM_RETRY_MS, LIVE_STREAM_HEARTBEAT_MS, LiveEvent } from '../notifications/live-events';
export { CLOCK_TIME_IN_TEXT } from '../notifications/clock-time-in-text';
export * from './plans';
export * from './plural';
export * from './saved-searches';
export { isVisiblyEmpty } from '../validation/text';
export { ErrorCode, ERROR_STATUS, isErrorCode, type WireError } from '../errors/error-codes';
export { UserError, AuthError } from '../users/users.errors';
export { ItemError, ClaimError, CommentError, ReportError } from '../items/items.errors';
export { MessageError } from '../items/messages.errors';
export { ModerationError } from '../moderation/moderation.errors';
export { SavedSearchError } from '../items/saved-searches.errors';
export { BlockError } from '../users/blocks.errors';
export * from '../items/messages.constants';
export { RewardError } from '../rewards/rewards.errors';
export * from '../rewards/shop-texts';
export { EmergencyError } from '../emergency/emergency.errors';
export { NotificationError } from '../notifications/notifications.errors';
export { MediaError, UploadError } from '../media/media.errors';
export { IdempotencyError } from '../errors/idempotency.errors';
export { IDEMPOTENCY_KEY_HEADER } from '../http/idempotency-key';
