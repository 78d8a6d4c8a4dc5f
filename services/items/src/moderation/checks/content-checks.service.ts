import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, createLogger } from '@curbside/platform';
import { ContentKind, ContentVerdict, verdictOf } from './content-flag';
import { OpenAiModeration } from './openai-moderation.client';
import { checkText } from './text-checks.rules';

export interface ContentCheckInput {
  kind: ContentKind;
  /** For an item: every text it shows (title, description, where to find it, a garage sale's address) by line. */
  text: string;
  /**
   * A garage sale's contact line: read by every rule but the one against phone numbers, e-mail and other apps, since a
   * sale gives its contact by design. A deposit or a payment app asked for there is flagged or held as anywhere.
   */
  contact?: string;
}

/** The rule a garage sale's contact line is exempt from (scam-patterns.rules.ts). */
const OFF_APP_RULE_ID = 'scam.off-app';

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
    if (input.contact) {
      const named = new Set(rules.map((flag) => flag.ruleId));
      for (const flag of checkText(input.kind, input.contact)) {
        if (flag.ruleId === OFF_APP_RULE_ID) continue;
        if (!named.has(flag.ruleId)) rules.push(flag);
        else if (flag.confidence === 'high')
          rules.splice(
            rules.findIndex((f) => f.ruleId === flag.ruleId),
            1,
            flag,
          );
      }
    }
    if (!this.openai || Date.now() < this.pausedUntil) return verdictOf(rules);
    try {
      const text = input.contact ? `${input.text}\n${input.contact}` : input.text;
      return verdictOf([...rules, ...(await this.openai.flags(text))]);
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
