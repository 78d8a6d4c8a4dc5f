/**
 * `compute` with its last `limit` answers kept by argument (the oldest out first). For pure functions of a string
 * that a browser sends again with every request (its Cookie header, its device id), paid once per browser.
 */
export function memoized<T>(limit: number, compute: (key: string) => T): (key: string) => T {
  const kept = new Map<string, T>();
  return (key) => {
    const known = kept.get(key);
    if (known !== undefined || kept.has(key)) return known as T;
    const value = compute(key);
    if (kept.size >= limit) kept.delete(kept.keys().next().value as string);
    kept.set(key, value);
    return value;
  };
}
