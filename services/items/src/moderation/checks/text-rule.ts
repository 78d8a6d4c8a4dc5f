import { ContentFlag, ContentKind } from './content-flag';

/**
 * A named text rule (docs/product-rules.md, Automated checks). It reads the normalized text (normalize-text.ts).
 * `high` finds what is a scam or a prohibited item beyond reasonable doubt: the post is held. `low` finds what
 * often is and sometimes is not: the post is published and flagged. A rule whose `high` hits reports high
 * confidence with the phrases it found and any other `low` words; otherwise its `low` words at low confidence. Patterns carry the `g` flag
 * (every hit is reported) and never match across a sentence where that would join two unrelated phrases.
 */
export interface TextRule {
  id: string;
  label: string;
  /** The kinds of text the rule reads (all when absent). */
  kinds?: readonly ContentKind[];
  high?: RegExp;
  low?: RegExp;
}

function wordsOf(pattern: RegExp | undefined, text: string, into: string[]): void {
  if (!pattern) return;
  pattern.lastIndex = 0;
  for (const match of text.matchAll(pattern)) {
    const word = match[0].trim();
    if (word && !into.includes(word)) into.push(word);
  }
}

/** The flag a rule raises on a normalized text, or null. */
export function applyRule(rule: TextRule, kind: ContentKind, normalized: string): ContentFlag | null {
  if (rule.kinds && !rule.kinds.includes(kind)) return null;
  const high: string[] = [];
  wordsOf(rule.high, normalized, high);
  const low: string[] = [];
  wordsOf(rule.low, normalized, low);
  // A low word inside a high phrase ("gift card" in "send a $50 deposit by gift card") says nothing more.
  const words = [...high, ...low.filter((word) => !high.some((phrase) => phrase.includes(word)))];
  if (words.length === 0) return null;
  return { ruleId: rule.id, label: rule.label, words, confidence: high.length > 0 ? 'high' : 'low', source: 'rules' };
}
