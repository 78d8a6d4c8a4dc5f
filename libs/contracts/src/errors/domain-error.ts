import { ErrorCode, WireError } from './error-codes';

/** An expected failure with a code a client can act on. Thrown by services, mapped by the gateway. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** When a retry may succeed (rate limits, a service restarting), sent as the standard Retry-After header too. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toWire(): WireError {
    return { code: this.code, message: this.message, ...(this.retryAfterSeconds !== undefined ? { retryAfterSeconds: this.retryAfterSeconds } : {}) };
  }
}
