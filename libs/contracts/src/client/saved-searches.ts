/** Saved searches' limits and word rule, zod-free so the search screen can use them (docs/product-rules.md). */
export const SAVED_SEARCH_TEXT_MAX = 100;
export const SAVED_SEARCH_WORDS_MAX = 8;
export const SAVED_SEARCH_LABEL_MAX = 60;

/**
 * The words a saved search looks for, as the server matches them: lower case, split on anything but letters and
 * digits, at least two characters, each kept once, in order. An item matches when every word starts a word of its
 * title or description ("chair" finds "chairs").
 */
export function searchWords(text: string): string[] {
  return [
    ...new Set(
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= 2),
    ),
  ];
}

/**
 * Pro's auto-claim (docs/product-rules.md, "Auto-claim"): a saved search that takes first dibs on a matching new
 * item, or a place in its line when someone holds it, for members on these plans, at most AUTO_CLAIMS_PER_DAY a day.
 */
export const AUTO_CLAIM_TIERS: readonly string[] = ['pro'];
export const AUTO_CLAIMS_PER_DAY = 3;
