import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, createLogger } from '@curbside/platform';
import { ContentKind, ContentVerdict, verdictOf } from './content-flag';
import { OpenAiModeration } from './openai-moderation.client';
import { checkText } from './text-checks.rules';

export interface ContentCheckInput {
  kind: ContentKind;
  /** For an item: its title and description joined by a line break. */
  text: string;
}

/** The longest a post waits for OpenAI's moderation answer (OPENAI_TIMEOUT_MS when shorter). */
export const OPENAI_MODERATION_BUDGET_MS = 1_500;
/** After a failure, posts are judged by the rules alone this long, so an outage costs one post the budget, not every post. */
export const OPENAI_MODERATION_PAUSE_MS = 30_000;

/**
 * The automated checks on a post, a comment or a handover message (docs/product-rules.md, Automated checks): the
 * named rules (text-checks.rules.ts) and, when OPENAI_API_KEY is set, OpenAI's moderation endpoint. `hold` is true
 * when any flag is high confidence. OpenAI failing, or not answering within the budget, never blocks a post: the
 * rules' verdict stands alone, a warning line says so, and OpenAI is not asked again for OPENAI_MODERATION_PAUSE_MS.
 */
@Injectable()
export class ContentChecks {
  private readonly log = createLogger('content-checks');
  private readonly openai: OpenAiModeration | null;
  /** Date.now() before which OpenAI is not asked (after a failure). */
  private pausedUntil = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.openai = config.OPENAI_API_KEY
      ? new OpenAiModeration(
          {
            apiKey: config.OPENAI_API_KEY,
            baseURL: config.OPENAI_BASE_URL,
            budgetMs: Math.min(config.OPENAI_TIMEOUT_MS, OPENAI_MODERATION_BUDGET_MS),
          },
          this.log,
        )
      : null;
  }

  async check(input: ContentCheckInput): Promise<ContentVerdict> {
    const rules = checkText(input.kind, input.text);
    if (!this.openai || Date.now() < this.pausedUntil) return verdictOf(rules);
    try {
      return verdictOf([...rules, ...(await this.openai.flags(input.text))]);
    } catch (err) {
      this.pausedUntil = Date.now() + OPENAI_MODERATION_PAUSE_MS;
      this.log.warn(
        { err, kind: input.kind, pauseMs: OPENAI_MODERATION_PAUSE_MS },
        'OpenAI moderation failed or was slow; this post, and those of the next 30 s, are judged by the named rules alone',
      );
      return verdictOf(rules);
    }
  }
}
