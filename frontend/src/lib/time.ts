/** "5m ago", "3h ago", "2d ago". */
export function formatAge(iso: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

export function hoursLeft(iso: string, now: number = Date.now()): number {
  return (new Date(iso).getTime() - now) / 3_600_000;
}

/**
 * "Expires in 5h" (to the nearest hour, so a 24 h post just made says 24h, not 23h), "Expires in 20m" under an hour
 * (never "1h" for what is less), or "Expired" when the time is up (spec §3).
 */
export function formatCountdown(expiresAt: string, now: number = Date.now()): string {
  const hours = hoursLeft(expiresAt, now);
  if (hours <= 0) return 'Expired';
  if (hours < 1) return `Expires in ${Math.max(1, Math.floor(hours * 60))}m`;
  return `Expires in ${Math.round(hours)}h`;
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}
