/**
 * Every error a service can return, by code. The gateway maps each code to one HTTP status in one
 * place (gateway/src/errors/http-error.filter.ts); the message travels with the error.
 */
export const ErrorCode = {
  VALIDATION_FAILED: 'COMMON.VALIDATION_FAILED',
  UNAUTHENTICATED: 'COMMON.UNAUTHENTICATED',
  FORBIDDEN: 'COMMON.FORBIDDEN',
  NOT_FOUND: 'COMMON.NOT_FOUND',
  CONFLICT: 'COMMON.CONFLICT',
  RATE_LIMITED: 'COMMON.RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'COMMON.PAYLOAD_TOO_LARGE',
  UNAVAILABLE: 'COMMON.UNAVAILABLE',
  INTERNAL: 'COMMON.INTERNAL',
  USER_NOT_FOUND: 'USER.NOT_FOUND',
  ITEM_NOT_FOUND: 'ITEM.NOT_FOUND',
  ITEM_NOT_AVAILABLE: 'ITEM.NOT_AVAILABLE',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

const codes = new Set<string>(Object.values(ErrorCode));

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && codes.has(value);
}

/** The shape an error has on the wire between a service and the gateway. */
export interface WireError {
  code: ErrorCode;
  message: string;
  retryAfterSeconds?: number;
}

export function isWireError(value: unknown): value is WireError {
  return (
    typeof value === 'object' &&
    value !== null &&
    isErrorCode((value as WireError).code) &&
    typeof (value as WireError).message === 'string'
  );
}
