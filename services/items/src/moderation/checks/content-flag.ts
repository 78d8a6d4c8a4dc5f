import type { ContentFlagView } from '@curbside/contracts';

/**
 * What the automated checks say about a text or a photo (docs/product-rules.md, Automated checks): the contracts'
 * flag, the one moderators see. A flag names the rule that hit (e.g. `scam.gift-card`, `openai.violence`,
 * `photo.people`) and the words (for OpenAI: category names with scores; for photos: labels with scores) that made it
 * hit, so a moderator and the poster can see why. High confidence holds the post for review; low confidence
 * publishes it and flags it.
 */
export type ContentFlag = ContentFlagView;

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
