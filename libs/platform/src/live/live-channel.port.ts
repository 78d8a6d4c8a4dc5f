export type LiveHandler = (payload: unknown) => void;

/**
 * Fire-and-forget signals that every listening process receives: NATS core publish/subscribe in distributed mode
 * (every gateway replica hears every signal), in memory in embedded mode. Nothing is stored and a process that is
 * not listening misses them, so only what has its source of truth elsewhere travels here (live pushes to open
 * browser tabs, which catch up from the database on reconnect).
 */
export interface LiveChannel {
  publish(topic: string, payload: unknown): Promise<void>;
  /** Resolves once the subscription is in place; the returned function ends it. */
  subscribe(topic: string, handler: LiveHandler): Promise<() => void>;
  close(): Promise<void>;
}
