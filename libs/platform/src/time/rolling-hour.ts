const HOUR_MS = 3_600_000;

/**
 * Seconds until a rolling hour's limit lets the next one through: when the oldest counted in the last hour leaves it
 * (at least 1; a whole hour when there is none, which a full count cannot have). Sent as Retry-After.
 */
export function secondsUntilHourFrees(oldest: Date | string | null, now = Date.now()): number {
  return oldest ? Math.max(1, Math.ceil((new Date(oldest).getTime() + HOUR_MS - now) / 1000)) : HOUR_MS / 1000;
}
