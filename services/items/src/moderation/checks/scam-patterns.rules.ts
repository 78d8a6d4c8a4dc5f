import { TextRule } from './text-rule';

/**
 * Scam phrases (docs/product-rules.md, Automated checks). Curbside items are free or carry a reward paid by the
 * poster, and handover happens at the curb, so a text asking for money, a deposit, gift cards, a code received by
 * text, a courier, crypto or a move to another app or a phone number is the start of a scam. Each rule's `low`
 * pattern finds the subject (published and flagged; a handover message with it carries a warning to its
 * recipient); its `high` pattern finds the demand itself (held for review). Patterns read normalized text
 * (normalize-text.ts): lower case, look-alikes and spaced-out letters undone.
 */

/** Up to this many characters of the same sentence between a demand and its object ("send me a $50 … gift card"). */
const NEAR = '[^.!?\\n]{0,40}';
const AMOUNT = String.raw`(?:\$ ?\d[\d,.]*|\d[\d,.]* ?(?:dollars?|bucks|usd)\b)`;
const GIFT_CARD = String.raw`(?:gift ?cards?|(?:itunes|apple|google ?play|steam|amazon|ebay|vanilla|razer) (?:gift )?cards?|prepaid (?:visa |debit )?cards?)`;
const PAYMENT_APP = String.raw`(?:paypal|venmo|zelle|cash ?app|western union|money ?gram|wire transfer|apple pay|google pay)`;
const CRYPTO = String.raw`(?:crypto(?:currency)?|bitcoin|btc|ethereum|eth|usdt|tether|litecoin|dogecoin)`;
const DEMAND = String.raw`(?:pay|paid|payment|send|sent|buy|purchase|transfer|wire|deposit|need|get me|cover)`;

/** "Can I pay with Venmo?" offers a payment rather than asking for one: it flags, it does not hold. */
const NOT_AN_OFFER = String.raw`(?<!\b(?:i|i'll|i will|i can|can i|could i|we|we'll|we can|can we|could we) )`;

const rx = (source: string) => new RegExp(source, 'g');

/**
 * A phone number written any other way than the North American one: with a country code (`+44 7700 900123`), or ten
 * to fourteen digits in any grouping (`555 12 34 567`). Nine digits stay out: a ZIP+4 is one.
 */
const OTHER_PHONE = String.raw`(?<![\d$])\+\d(?:[ .-]?\d){6,13}(?!\d)|(?<![\d$.,])\d(?:[ .-]?\d){9,13}(?!\d)`;
/** A link: a scheme, `www.`, a shortener, or a name under a common top-level domain (not an e-mail's, which is off-app). */
const LINK = String.raw`\bhttps?:\/\/\S+|\bwww\.\S+|(?<![@.a-z0-9-])[a-z0-9][a-z0-9-]*\.(?:com|net|org|io|co|ly|me|app|link|xyz|info|biz|shop|site|online|top|click|gl|to|us|gd)\b(?:\/\S*)?`;

/** Refused outright in handover messages: nobody ever needs another member's sign-in code. */
export const SIGN_IN_CODE_RULE: TextRule = {
  id: 'scam.sign-in-code',
  label: 'asks for a sign-in code',
  high: rx(
    String.raw`\b(?:sign[ -]?in|log[ -]?in|verification|verify|curbside|6[ -]?digit|six[ -]?digit|security|one[ -]?time|auth(?:entication)?) (?:code|pin)\b`,
  ),
};

export const SCAM_PHRASE_RULES: readonly TextRule[] = [
  SIGN_IN_CODE_RULE,
  {
    id: 'scam.sms-code',
    label: 'asks for a code received by text',
    high: rx(
      String.raw`\b(?:code|pin)\b${NEAR}\b(?:texted|texts? (?:to )?you|sms|you (?:just )?(?:got|received|get)|sent (?:to )?you(?:r phone)?)\b|\b(?:sms|text(?:ed)?|google voice) code\b|\b(?:texted|texts|sent|messaged) you (?:a |the )?(?:(?:6|six)[ -]?digit )?(?:code|pin)\b`,
    ),
  },
  {
    id: 'scam.gift-card',
    label: 'asks for gift cards',
    high: rx(
      String.raw`\b${DEMAND}\b${NEAR}${GIFT_CARD}|${GIFT_CARD}${NEAR}\b(?:as (?:a )?(?:payment|deposit)|first|before|codes?|numbers?|to hold|for (?:the )?(?:deposit|fee|shipping|courier))\b|scratch (?:off )?the back`,
    ),
    // No word boundary before it: spaced-out letters after an article join it ("a g i f t c a r d" → "agiftcard").
    low: rx(GIFT_CARD),
  },
  {
    id: 'scam.deposit',
    label: 'asks for a deposit',
    high: rx(
      String.raw`${AMOUNT} ?(?:refundable )?(?:deposit|holding fee|hold fee|reservation fee)|\b(?:deposit|holding fee|hold fee|reservation fee)\b${NEAR}(?:${AMOUNT}|${GIFT_CARD}|${PAYMENT_APP}|\b${CRYPTO}\b)|\b(?:send|pay|need|want|require|requires|take)\b[^.!?\n]{0,20}\b(?:deposit|holding fee|hold fee|reservation fee)\b`,
    ),
    low: rx(String.raw`(?<!\b(?:no|bottle|can|safe|direct) )\b(?:deposits?(?! box)|down ?payment|holding fee|hold fee|reservation fee)\b`),
  },
  {
    id: 'scam.payment-app',
    label: 'asks for a payment by app or wire',
    high: rx(
      String.raw`${NOT_AN_OFFER}\b(?:send|pay|transfer|wire)\b[^.!?\n]{0,25}\b${PAYMENT_APP}\b|\b${PAYMENT_APP} (?:me|first|before|upfront|up front)\b|\b${PAYMENT_APP}\b[^.!?\n]{0,20}${AMOUNT}`,
    ),
    low: rx(String.raw`\b${PAYMENT_APP}\b`),
  },
  {
    id: 'scam.money',
    label: 'asks for money or a payment',
    // Items carry rewards and garage sales have prices: money is a scam sign only in a handover message.
    kinds: ['message'],
    low: rx(String.raw`${AMOUNT}|\b(?:pay(?:ment)?|wire (?:me|the money)|send (?:me )?(?:money|cash)|money for (?:gas|my trouble))\b`),
  },
  {
    id: 'scam.courier',
    label: 'asks for a courier or a shipping fee',
    high: rx(
      String.raw`\b(?:pay|cover|send|need)\b[^.!?\n]{0,25}\b(?:(?:courier|shipping|delivery) (?:fee|cost|charge)s?|fedex|dhl|postage)\b|\bmy (?:courier|shipping agent|mover)s?\b|\b(?:courier|shipping|delivery) (?:fee|cost|charge)s?\b${NEAR}(?:${AMOUNT}|${GIFT_CARD}|${PAYMENT_APP})`,
    ),
    low: rx(String.raw`\b(?:couriers?|shipping (?:fee|cost|charge)s?|delivery (?:fee|charge)s?|ship (?:it )?to me|fedex|ups label|dhl)\b`),
  },
  {
    id: 'scam.crypto',
    label: 'asks for crypto',
    high: rx(String.raw`\b(?:pay|send|transfer|deposit)\b[^.!?\n]{0,25}\b${CRYPTO}\b|\b(?:crypto |btc |eth )?wallet address\b`),
    low: rx(String.raw`\b${CRYPTO}\b`),
  },
  {
    id: 'scam.off-app',
    label: 'asks to move to another app, e-mail or a phone number',
    low: rx(
      String.raw`\b(?:whats ?app|telegram|signal app|wechat|kik|snapchat|e ?mail me|text me (?:at|on)|call me (?:at|on)|reach me (?:at|on)|my (?:number|cell|phone)(?: number)? is)\b|(?<![\d$])(?:\+?1[ .-]?)?\(?\d{3}\)?[ .-]?\d{3}[ .-]?\d{4}(?!\d)|${OTHER_PHONE}|\b[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}\b`,
    ),
  },
  {
    id: 'scam.link',
    label: 'sends a link to another site',
    // A handover needs no web page: a link in a message is how fake payment and "delivery" pages arrive. Posts and
    // comments may name a shop or a manual, so only a message carries it.
    kinds: ['message'],
    low: rx(LINK),
  },
];
