import { ContentFlag, ContentKind } from './content-flag';
import { normalizeText } from './normalize-text';
import { PROHIBITED_ITEM_RULES } from './prohibited-items.rules';
import { SCAM_PHRASE_RULES, SIGN_IN_CODE_RULE } from './scam-patterns.rules';
import { applyRule, TextRule } from './text-rule';

/** Every named text rule, in the order flags are reported. */
export const TEXT_RULES: readonly TextRule[] = [...SCAM_PHRASE_RULES, ...PROHIBITED_ITEM_RULES];

/** The flags the named rules raise on a text of this kind (pure; a few microseconds for a post). */
export function checkText(kind: ContentKind, text: string): ContentFlag[] {
  const normalized = normalizeText(text);
  const flags: ContentFlag[] = [];
  for (const rule of TEXT_RULES) {
    const flag = applyRule(rule, kind, normalized);
    if (flag) flags.push(flag);
  }
  return flags;
}

/**
 * The rule that refuses a handover message outright (docs/security.md, Handover messages), when one of these
 * flags is it: a message asking for a sign-in code is never sent.
 */
export function refusingRule(flags: readonly ContentFlag[]): string | null {
  return flags.find((flag) => flag.ruleId === SIGN_IN_CODE_RULE.id)?.ruleId ?? null;
}
