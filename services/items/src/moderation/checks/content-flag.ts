/**
 * What the automated checks say about a text or a photo (docs/product-rules.md, Automated checks). A flag names
 * the rule that hit and the words (or labels and scores) that made it hit, so a moderator and the poster can see
 * why. High confidence holds the post for review; low confidence publishes it and flags it.
 */
export interface ContentFlag {
  /** Stable id, e.g. `scam.gift-card` or `openai.violence` or `photo.people`. */
  ruleId: string;
  /** What the rule catches, in words a moderator reads. */
  label: string;
  /** The words that hit (for OpenAI: category names with scores; for photos: labels with scores). */
  words: string[];
  confidence: 'high' | 'low';
  source: 'rules' | 'openai' | 'photo';
}

export interface ContentVerdict {
  /** True when any flag is high confidence: the post waits for a moderator. */
  hold: boolean;
  flags: ContentFlag[];
}

/** What is checked: an item's title and description, a comment, or a handover message. */
export type ContentKind = 'item' | 'comment' | 'message';

export function verdictOf(flags: ContentFlag[]): ContentVerdict {
  return { hold: flags.some((flag) => flag.confidence === 'high'), flags };
}
