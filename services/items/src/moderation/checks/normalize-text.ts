/**
 * The form of a text the rules read: the cheap undoing of the usual tricks that keep a word away from a filter.
 * - Unicode compatibility forms and accents: full-width `ｇｉｆｔ`, `gíft`, ligatures → plain letters (NFKD, marks dropped).
 * - Look-alike letters from Cyrillic and Greek (`gіft` with a Cyrillic і) → their Latin twins.
 * - Invisible characters (zero-width spaces and joiners, soft hyphens) → removed.
 * - Lower case, curly quotes → straight, any run of white space → one space, a hyphen or underscore between two
 *   letters → a space (`gift-card`, `cash_app`).
 * - Letters spelled out one by one (`g i f t`, `g.i.f.t`, at least four) → joined (`gift`).
 * - A digit standing for a letter between two letters (`g1ft`, `c0caine`) → the letter; `$50`, `9mm` or `ak47`
 *   keep their digits.
 * The words a flag reports come from this form.
 */

const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  һ: 'h',
  ԛ: 'q',
  ԝ: 'w',
  ү: 'y',
  ӏ: 'l',
  // Greek
  α: 'a',
  β: 'b',
  γ: 'y',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  μ: 'u',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  σ: 'o',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  // Latin variants NFKD leaves alone
  ı: 'i',
  ɡ: 'g',
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ß: 'ss',
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'g');
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't' };

export function normalizeText(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/[\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]/g, '')
      .replace(LOOK_ALIKE, (ch) => LOOK_ALIKES[ch] ?? ch)
      .replace(/[\u2018\u2019\u201b\u2032`]/g, "'")
      .replace(/[\u201c\u201d\u2033]/g, '"')
      .replace(/[\u2010-\u2015\u2212]/g, '-')
      .replace(/\s+/g, ' ')
      // gift-card, cash_app, whats-app: a hyphen or underscore between letters is a space.
      .replace(/(?<=[a-z])[-_]+(?=[a-z])/g, ' ')
      // g i f t / g.i.f.t / g-i-f-t: four or more single letters with one separator between each.
      .replace(/(?<![a-z0-9])(?:[a-z][ .*_-]){3,}[a-z](?![a-z0-9])/g, (run) => run.replace(/[ .*_-]/g, ''))
      // g1ft, c0caine: a digit between letters.
      .replace(/(?<=[a-z])[013457](?=[a-z])/g, (digit) => LEET[digit] ?? digit)
  );
}
