import { types } from 'pg';

const DIGIT_0 = 48;
const SHAPE = { '-': 45, ' ': 32, ':': 58, '.': 46 } as const;
/** `YYYY-MM-DD HH:MM:SS+00`, the shortest text the fast path reads; a fraction of 1–6 digits may come before `+00`. */
const SHORTEST = 22;
const LONGEST = SHORTEST + 7;

/** The number written by the digits of text[from, to), or -1 when one of them is not a digit. */
function digits(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - DIGIT_0;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/**
 * A `timestamptz` as PostgreSQL writes it in UTC (DateStyle ISO, TimeZone UTC: `2026-12-02 20:40:36.095131+00`), read
 * by position; null for any other text (another offset, BC, infinity, a year beyond 9999 or before 100), which the
 * caller hands to node-postgres' own parser. Milliseconds are truncated as that parser truncates them.
 */
export function utcTimestamp(text: string): Date | null {
  const n = text.length;
  if (n < SHORTEST || n > LONGEST || n === SHORTEST + 1) return null;
  if (
    text.charCodeAt(4) !== SHAPE['-'] ||
    text.charCodeAt(7) !== SHAPE['-'] ||
    text.charCodeAt(10) !== SHAPE[' '] ||
    text.charCodeAt(13) !== SHAPE[':'] ||
    text.charCodeAt(16) !== SHAPE[':'] ||
    !text.endsWith('+00')
  )
    return null;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  const hour = digits(text, 11, 13);
  const minute = digits(text, 14, 16);
  const second = digits(text, 17, 19);
  let ms = 0;
  if (n > SHORTEST) {
    if (text.charCodeAt(19) !== SHAPE['.']) return null;
    const end = n - 3;
    const kept = Math.min(end, 23);
    ms = digits(text, 20, kept);
    if (ms < 0 || digits(text, kept, end) < 0) return null;
    for (let i = kept - 20; i < 3; i++) ms *= 10;
  }
  // Date.UTC reads the years 0–99 as 1900–1999: those are left to the other parser.
  if (year < 100 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return null;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms));
}

let installed = false;

/**
 * Every `timestamptz` this process reads from PostgreSQL goes through utcTimestamp first, falling back on
 * node-postgres' own parser (a regular expression per value, 5 % of the items service's CPU on a feed page:
 * bench/README.md, "Timestamps read by position"). The same Date either way; idempotent.
 */
export function readTimestampsByPosition(): void {
  if (installed) return;
  installed = true;
  const original = types.getTypeParser(types.builtins.TIMESTAMPTZ, 'text') as (text: string) => unknown;
  types.setTypeParser(types.builtins.TIMESTAMPTZ, 'text', (text: string) => utcTimestamp(text) ?? original(text));
}
