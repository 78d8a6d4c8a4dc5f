import { defineErrors } from './define-errors';
import { AuthErrorSet, EmailErrorSet, UserErrorSet } from '../users/users.errors';
import { ClaimErrorSet, CommentErrorSet, ItemErrorSet, ReportErrorSet } from '../items/items.errors';
import { MessageErrorSet } from '../items/messages.errors';
import { SavedSearchErrorSet } from '../items/saved-searches.errors';
import { BlockErrorSet } from '../users/blocks.errors';
import { RewardErrorSet } from '../rewards/rewards.errors';
import { EmergencyErrorSet } from '../emergency/emergency.errors';
import { NotificationErrorSet, PushErrorSet } from '../notifications/notifications.errors';
import { MediaErrorSet, UploadErrorSet } from '../media/media.errors';
import { IdempotencyErrorSet } from './idempotency.errors';
import { ModerationErrorSet } from '../moderation/moderation.errors';
import { RpcErrorSet } from '../rpc/rpc.errors';

/**
 * The codes every module shares: input that fails its schema, a missing session, a rate limit, a service that
 * did not answer. A failure a client may act on has a code of its module instead (items.errors.ts and its
 * siblings beside each module's schemas).
 */
const CommonErrorSet = defineErrors('COMMON', {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
});

/** The shared codes by name: `ErrorCode.VALIDATION_FAILED`. The type `ErrorCode` is every code of every module. */
export const ErrorCode = CommonErrorSet.codes;

/** The one table of codes and the HTTP status each answers with (the gateway's filter and the API document read it). */
export const ERROR_STATUS = {
  ...CommonErrorSet.statuses,
  ...UserErrorSet.statuses,
  ...AuthErrorSet.statuses,
  ...EmailErrorSet.statuses,
  ...ItemErrorSet.statuses,
  ...ClaimErrorSet.statuses,
  ...CommentErrorSet.statuses,
  ...ReportErrorSet.statuses,
  ...MessageErrorSet.statuses,
  ...SavedSearchErrorSet.statuses,
  ...BlockErrorSet.statuses,
  ...RewardErrorSet.statuses,
  ...EmergencyErrorSet.statuses,
  ...NotificationErrorSet.statuses,
  ...PushErrorSet.statuses,
  ...MediaErrorSet.statuses,
  ...UploadErrorSet.statuses,
  ...IdempotencyErrorSet.statuses,
  ...ModerationErrorSet.statuses,
  ...RpcErrorSet.statuses,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The code the shared layers use for an HTTP status they raise themselves (a body parser's 413, a route not found). */
export function commonCodeForStatus(status: number): ErrorCode {
  const found = (Object.keys(CommonErrorSet.statuses) as ErrorCode[]).find((code) => ERROR_STATUS[code] === status);
  return found ?? (status >= 500 ? ErrorCode.INTERNAL : ErrorCode.VALIDATION_FAILED);
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_STATUS, value);
}

/** An error on the wire, between a service and the gateway and from the gateway to every client. */
export interface WireError {
  code: ErrorCode;
  message: string;
  /** For RATE_LIMITED and the like: seconds until a retry may succeed (also sent as the Retry-After header). */
  retryAfterSeconds?: number;
}

export function isWireError(value: unknown): value is WireError {
  return typeof value === 'object' && value !== null && isErrorCode((value as WireError).code) && typeof (value as WireError).message === 'string';
}
