import { createLogger } from '@curbside/platform';
import { ContentFlag } from './content-flag';

export interface OpenAiModerationOptions {
  apiKey: string;
  /** Default https://api.openai.com/v1; any OpenAI-compatible endpoint (tests: a server of their own on loopback). */
  baseURL?: string;
  /** How long a post may wait for the answer; past it the rules' verdict stands alone. */
  budgetMs: number;
}

/** The part of the documented `POST /moderations` answer read here (one result per input). */
interface ModerationAnswer {
  results?: { flagged?: boolean; categories?: Record<string, boolean>; category_scores?: Record<string, number> }[];
}

type Logger = ReturnType<typeof createLogger>;

export const OPENAI_MODERATION_MODEL = 'omni-moderation-latest';
/** A category OpenAI flags with a score at or above this holds the post; below it the post is published and flagged. */
export const OPENAI_HIGH_SCORE = 0.8;
/** Flagged at any score, these always hold. */
const ALWAYS_HIGH = new Set(['sexual/minors']);

/**
 * OpenAI's moderation endpoint (`POST {base}/moderations`, model omni-moderation-latest) as extra flags next to
 * the named rules (docs/product-rules.md, Automated checks): every category it flags becomes a flag
 * `openai.<category>` whose words are the category and its score. One try within the budget: a post never waits
 * for retries. Throws on any failure; ContentChecks logs it and keeps the rules' verdict.
 */
export class OpenAiModeration {
  private readonly url: string;

  constructor(
    private readonly options: OpenAiModerationOptions,
    private readonly log: Logger,
  ) {
    this.url = `${(options.baseURL ?? 'https://api.openai.com/v1').replace(/\/+$/, '')}/moderations`;
  }

  async flags(text: string): Promise<ContentFlag[]> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.options.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: OPENAI_MODERATION_MODEL, input: text }),
      signal: AbortSignal.timeout(this.options.budgetMs),
    });
    if (!response.ok) throw new Error(`OpenAI moderation answered HTTP ${response.status}`);
    const answer = (await response.json()) as ModerationAnswer;
    const result = answer.results?.[0];
    if (!result || typeof result.categories !== 'object' || result.categories === null) {
      throw new Error('OpenAI moderation answered without results');
    }
    const scores = result.category_scores ?? {};
    const flags: ContentFlag[] = [];
    for (const [category, flagged] of Object.entries(result.categories)) {
      if (flagged !== true) continue;
      const score = typeof scores[category] === 'number' ? scores[category] : 0;
      flags.push({
        ruleId: `openai.${category}`,
        label: `OpenAI moderation: ${category}`,
        words: [`${category} ${score.toFixed(2)}`],
        confidence: score >= OPENAI_HIGH_SCORE || ALWAYS_HIGH.has(category) ? 'high' : 'low',
        source: 'openai',
      });
    }
    this.log.debug({ flagged: flags.map((flag) => flag.ruleId) }, 'OpenAI moderation answered');
    return flags;
  }
}
