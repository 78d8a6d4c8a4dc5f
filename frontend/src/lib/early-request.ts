/**
 * A request started before the screen that needs it can ask for it (a screen opened directly starts its data
 * while start-up still loads the member). The screen's first fetch of the same key takes it; a failed early
 * request is simply made again.
 */
export function earlyRequest<T>() {
  let pending: { key: string; promise: Promise<T> } | null = null;
  return {
    start(key: string, request: () => Promise<T>): void {
      if (pending) return;
      pending = { key, promise: request() };
      pending.promise.catch(() => undefined);
    },
    fetch(key: string, request: () => Promise<T>): Promise<T> {
      const early = pending?.key === key ? pending.promise : null;
      pending = null;
      return early ? early.catch(() => request()) : request();
    },
  };
}
