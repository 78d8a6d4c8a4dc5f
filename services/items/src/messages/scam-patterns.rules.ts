/**
 * What a handover message must not ask for (docs/security.md, Handover messages). Curbside items are free, so
 * a message asking for money, a deposit, gift cards, a code, a courier or to move elsewhere is the start of a
 * scam. Each rule has an id (stored with a flagged message, for moderators) and the words that hit. The
 * moderation work reuses these rules: change one here and both follow.
 */
export interface ScamPattern {
  id: string;
  /** What the rule catches, for moderators and the docs. */
  label: string;
  pattern: RegExp;
}

/** Warned: the message is sent with a warning to its recipient and a moderation flag. */
export const WARNED_PATTERNS: readonly ScamPattern[] = [
  {
    id: 'money',
    label: 'asks for money or a payment',
    pattern:
      /(\$\s?\d|\d\s?(?:dollars?|bucks|usd)\b|\b(?:pay(?:ment)?|paypal|venmo|zelle|cash\s?app|wire (?:me|the)|send (?:me )?(?:money|cash))\b)/i,
  },
  { id: 'deposit', label: 'asks for a deposit', pattern: /\b(?:deposits?|down payment|holding fee)\b/i },
  { id: 'gift-card', label: 'asks for gift cards', pattern: /\b(?:gift ?cards?|itunes cards?|google play cards?|steam cards?|amazon cards?)\b/i },
  {
    id: 'sms-code',
    label: 'asks for a code received by text',
    pattern: /\b(?:code|pin)\b[^.!?\n]{0,40}\b(?:texted|text(?:ed)? (?:to )?you|sms|got|received|sent you)\b|\b(?:sms|text(?:ed)?) code\b/i,
  },
  {
    id: 'courier',
    label: 'asks for a courier or shipping fee',
    pattern: /\b(?:courier|shipping (?:fee|cost|charge)s?|delivery fee|ship (?:it )?to me|fedex|ups label|dhl)\b/i,
  },
  { id: 'crypto', label: 'asks for crypto', pattern: /\b(?:crypto(?:currency)?|bitcoin|btc|ethereum|eth|usdt|tether|wallet address)\b/i },
  {
    id: 'off-app',
    label: 'asks to move to another app or number',
    pattern:
      /\b(?:whats ?app|telegram|signal app|wechat|kik|snapchat|email me|text me at|call me at|my (?:number|cell|phone) is)\b|\b\d{3}[\s.-]?\d{3}[\s.-]?\d{4}\b/i,
  },
];

/** Refused outright: nobody ever needs another member's sign-in code. */
export const REFUSED_PATTERNS: readonly ScamPattern[] = [
  {
    id: 'sign-in-code',
    label: 'asks for a sign-in code',
    pattern:
      /\b(?:sign[\s-]?in|log[\s-]?in|verification|verify|curbside|6[\s-]?digit|six[\s-]?digit|security|one[\s-]?time|auth(?:entication)?) (?:code|pin)\b/i,
  },
];

export interface ScamVerdict {
  /** Ids of the warned patterns the text hits (empty: clean). */
  flags: string[];
  /** The id of a refusing pattern it hits, if any. */
  refusedBy: string | null;
}

/** The verdict on a message's text (and a proposed meeting place, checked the same). */
export function judgeMessage(text: string): ScamVerdict {
  const refused = REFUSED_PATTERNS.find((rule) => rule.pattern.test(text));
  return { flags: WARNED_PATTERNS.filter((rule) => rule.pattern.test(text)).map((rule) => rule.id), refusedBy: refused?.id ?? null };
}
