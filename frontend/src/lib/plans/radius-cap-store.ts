import { useSyncExternalStore } from 'react';

/**
 * The search radius cap the server last answered with (X-Radius-Cap on the feed, map and search), in miles;
 * null until a list was loaded. The server's word is what a search really used.
 */
let serverCap: number | null = null;
const listeners = new Set<() => void>();

export function reportRadiusCap(header: string | null): void {
  const miles = Number(header);
  if (header === null || !Number.isFinite(miles) || miles <= 0 || miles === serverCap) return;
  serverCap = miles;
  for (const listener of listeners) listener();
}

export function useServerRadiusCap(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => serverCap,
    () => null,
  );
}

/** For tests: forget what the server said. */
export function resetRadiusCap(): void {
  serverCap = null;
}
