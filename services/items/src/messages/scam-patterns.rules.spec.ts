import { judgeMessage } from './scam-patterns.rules';

/** Labelled messages: what each should hit (a warned pattern id, `refused`, or `clean` for a near-miss). */
const HITS: [string, string][] = [
  ['Can you send $5 for my trouble?', 'money'],
  ['It is 20 dollars, cash only', 'money'],
  ['Venmo me before I bring it out', 'money'],
  ['Send me money for gas please', 'money'],
  ['I need a small deposit to hold it', 'deposit'],
  ['Buy me an Amazon gift card first', 'gift-card'],
  ['Pay with iTunes cards', 'gift-card'],
  ['Tell me the code I texted you', 'sms-code'],
  ['What is the code you got by SMS?', 'sms-code'],
  ['Read me the SMS code', 'sms-code'],
  ['My courier will collect it for a small fee', 'courier'],
  ['Just cover the shipping fee', 'courier'],
  ['Pay in bitcoin please', 'crypto'],
  ['Send USDT to my wallet address', 'crypto'],
  ['Message me on WhatsApp instead', 'off-app'],
  ['Text me at 555-123-4567', 'off-app'],
  ['Lets continue on Telegram', 'off-app'],
  ['My number is below, call me', 'off-app'],
];

const REFUSED: string[] = [
  'What is your sign-in code?',
  'Send me the 6-digit code',
  'I need your verification code to confirm you are real',
  'Tell me your Curbside code',
  'Give me your login code',
];

const NEAR_MISSES: string[] = [
  'I can meet you at 5',
  'It costs nothing, it is free!',
  'The code to the gate is on the sign',
  'Leave it on the porch, I will pick it up',
  'Is the lamp still there?',
  'I will be there in 10 minutes',
  'Payday is irrelevant, see you soon',
  'The box has a shipping label on it already, ignore it',
  'My cell battery is low, be there soon',
  'The zip code is 98101 if you need it for maps',
  'I signed in fine, see you at the corner',
];

describe('judgeMessage', () => {
  it.each(HITS)('%s → warned by %s', (text, id) => {
    const verdict = judgeMessage(text);
    expect(verdict.refusedBy).toBeNull();
    expect(verdict.flags).toContain(id);
  });

  it.each(REFUSED)('%s → refused', (text) => {
    expect(judgeMessage(text).refusedBy).toBe('sign-in-code');
  });

  it.each(NEAR_MISSES)('%s → clean', (text) => {
    expect(judgeMessage(text)).toEqual({ flags: [], refusedBy: null });
  });
});
