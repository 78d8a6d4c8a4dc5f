/**
 * The last `size` keys added, the oldest forgotten first: enough to tell a key seen a moment ago (an event handed out
 * again, a notification sent twice) without keeping every key a process ever saw.
 */
export class RecentlySeen<K> {
  private readonly kept = new Set<K>();

  constructor(private readonly size: number) {}

  /** Remembers the key; false when it was remembered already. */
  add(key: K): boolean {
    if (this.kept.has(key)) return false;
    this.kept.add(key);
    if (this.kept.size > this.size) this.kept.delete(this.kept.values().next().value as K);
    return true;
  }

  has(key: K): boolean {
    return this.kept.has(key);
  }
}
