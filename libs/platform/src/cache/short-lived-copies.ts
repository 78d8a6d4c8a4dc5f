/**
 * Answers kept for a short time per key, shared by every request that asks meanwhile: the first request after
 * the copy aged out asks again, those arriving while it waits share its answer, and a failed answer is not kept.
 * With `mostKept`, the copies asked for longest ago are dropped first once that many keys are kept.
 */
export class ShortLivedCopies<K, V> {
  private readonly copies = new Map<K, { at: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly mostKept = Infinity,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const copy = this.copies.get(key);
    if (copy && this.now() - copy.at < this.ttlMs) return copy.value;
    const value = load();
    const entry = { at: this.now(), value };
    // Deleted first, so the map's order stays the order the copies were made in: the oldest is its first key.
    this.copies.delete(key);
    if (this.copies.size >= this.mostKept) this.copies.delete(this.copies.keys().next().value as K);
    this.copies.set(key, entry);
    value.catch(() => {
      if (this.copies.get(key) === entry) this.copies.delete(key);
    });
    return value;
  }

  /**
   * Drops the key's copy: the next request asks again (a change made here that readers must see at once). A load
   * under way is forgotten too, so an answer read before the change is not kept after it.
   */
  forget(key: K): void {
    this.copies.delete(key);
  }

  /** How many keys have a copy (aged ones included until they are asked for again or pushed out). */
  get size(): number {
    return this.copies.size;
  }
}
