/**
 * Declares one module's error codes with the HTTP status each answers with, in one place:
 * `defineErrors('ITEM', { NOT_FOUND: 404 })` gives `{ codes: { NOT_FOUND: 'ITEM.NOT_FOUND' }, statuses: { 'ITEM.NOT_FOUND': 404 } }`.
 * Kept free of the schema library so the SPA's first screen can branch on codes.
 */
export interface ErrorSet<P extends string, K extends string> {
  codes: { readonly [N in K]: `${P}.${N}` };
  statuses: { readonly [C in `${P}.${K}`]: number };
}

export function defineErrors<P extends string, K extends string>(prefix: P, statuses: Readonly<Record<K, number>>): ErrorSet<P, K> {
  const codes = {} as Record<K, string>;
  const byCode: Record<string, number> = {};
  for (const name of Object.keys(statuses) as K[]) {
    const code = `${prefix}.${name}`;
    codes[name] = code;
    byCode[code] = statuses[name];
  }
  return { codes, statuses: byCode } as unknown as ErrorSet<P, K>;
}
