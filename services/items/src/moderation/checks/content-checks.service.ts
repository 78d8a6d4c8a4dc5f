import { Injectable } from '@nestjs/common';
import { ContentKind, ContentVerdict, verdictOf } from './content-flag';
import { checkText } from './text-checks.rules';

export interface ContentCheckInput {
  kind: ContentKind;
  /** For an item: its title and description joined by a line break. */
  text: string;
}

/**
 * The automated checks on a post, a comment or a handover message (docs/product-rules.md, Automated checks): the
 * named rules (text-checks.rules.ts). `hold` is true when any flag is high confidence.
 */
@Injectable()
export class ContentChecks {
  async check(input: ContentCheckInput): Promise<ContentVerdict> {
    return verdictOf(checkText(input.kind, input.text));
  }
}
