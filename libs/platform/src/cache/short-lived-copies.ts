/**
 * Answers kept for a short time per key, shared by every request that asks meanwhile: the first request after
 * the copy aged out asks again, those arriving while it waits share its answer, and a failed answer is not kept.
 */
export class ShortLivedCopies<K, V> {
  private readonly copies = new Map<K, { at: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const copy = this.copies.get(key);
    if (copy && this.now() - copy.at < this.ttlMs) return copy.value;
    const value = load();
    const entry = { at: this.now(), value };
    this.copies.set(key, entry);
    value.catch(() => {
      if (this.copies.get(key) === entry) this.copies.delete(key);
    });
    return value;
  }

  /** Drops the key's copy: the next request asks again (a change made here that readers must see at once). */
  forget(key: K): void {
    this.copies.delete(key);
  }
}
