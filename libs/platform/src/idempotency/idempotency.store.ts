/** Who made a creating call, with which Idempotency-Key, and a hash of what was asked. */
export interface IdempotencyClaim {
  callerId: string;
  key: string;
  requestHash: string;
}

/** The record that holds a (caller, key): its request's hash and, once the call finished, its answer. */
export interface IdempotencyRecord {
  requestHash: string;
  /** Absent while the first call is still running. */
  reply?: { value: unknown };
}

/**
 * Where the records live: the service's own schema (table idempotency_keys), beside the writes they guard, so a
 * call that outlived the gateway's timeout still leaves its answer for the retry.
 */
export interface IdempotencyStore {
  /**
   * Takes (caller, key) for this call unless a record younger than ttlMs holds it (an older one is taken over).
   * Exactly one of many concurrent claims wins. A loser gets the holding record, or null if it vanished meanwhile.
   */
  claim(claim: IdempotencyClaim, ttlMs: number): Promise<{ claimed: true } | { claimed: false; record: IdempotencyRecord | null }>;
  /** Keeps the answer of the call that holds the claim. */
  complete(claim: IdempotencyClaim, reply: unknown): Promise<void>;
  /** Gives up an unfinished claim (its call failed), so a corrected retry can run. */
  release(claim: IdempotencyClaim): Promise<void>;
  /** Deletes records older than ttlMs; returns how many. */
  sweep(ttlMs: number): Promise<number>;
}

export const IDEMPOTENCY_STORE = Symbol('IDEMPOTENCY_STORE');
