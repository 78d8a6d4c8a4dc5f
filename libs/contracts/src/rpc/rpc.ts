/** Gateway → service request/reply. The body is validated at both ends against the route's schema. */
export interface RpcMeta {
  requestId: string;
  /** The session's user, resolved by the gateway; absent for anonymous callers. */
  callerId?: string;
  /**
   * The client's Idempotency-Key of a creating call: a handler marked @Idempotent() (libs/platform) runs once per
   * caller and key and replays its first answer to a repeat.
   */
  idempotencyKey?: string;
  /**
   * The SHA-256 of the caller's device cookie (gateway/src/session/device-cookie.ts): the same browser whatever
   * account signs in on it, never the cookie itself. A signal (a cleared cookie is a new device), not an identity.
   */
  device?: string;
  /**
   * When the caller stops waiting for the answer (epoch milliseconds, the caller's clock): its timeout from when it
   * sent the call, or sooner when the caller is itself answering a call with an earlier deadline. A service does not
   * start a call past it and stops its reads at it (RPC.DEADLINE_EXCEEDED); a call without one runs to its end.
   */
  deadline?: number;
}

export interface RpcRequest<TBody = unknown> {
  meta: RpcMeta;
  body: TBody;
}

export const SERVICE_NAMES = ['users', 'items', 'notifications', 'rewards', 'photo-validation', 'emergency'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
/** A process of the app as NATS knows it (its own user in a deployment): the gateway or one of the services. */
export type AppName = 'gateway' | ServiceName;
export const APP_NAMES: readonly AppName[] = ['gateway', ...SERVICE_NAMES];

/** BullMQ queue names (STYLE §7: one place). */
export const PHOTO_VALIDATION_QUEUE = 'photo-validation';
