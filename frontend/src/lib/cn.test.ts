import { twMerge } from 'tailwind-merge';
import { cn, mayClash, withOverrides } from './cn';

/** Every class-like word in the app's source (tests aside): what components and callers can put together. */
function classesInSource(): string[] {
  const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true });
  const words = new Set<string>();
  for (const source of Object.values(sources) as string[]) {
    for (const [, , text] of source.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
      for (const word of text.split(/\s+/)) if (/^[!a-z0-9[\]:/._%()=&>*-]+$/i.test(word)) words.add(word);
    }
  }
  // tailwind-merge keeps repeats of a word it does not know, and drops the repeat of a Tailwind class.
  return [...words].filter((word) => twMerge(`${word} ${word}`) === word);
}

describe('cn', () => {
  it('joins the classes given, leaving out falsy ones', () => {
    expect(cn('a', false, 'b', undefined, null, '', 'c')).toBe('a b c');
  });
});

describe('withOverrides', () => {
  it("lets a caller's class win over the component's class of the same kind", () => {
    expect(withOverrides('min-h-11 rounded-xl px-4 bg-emerald-700 hover:bg-emerald-800', 'px-3 hover:bg-violet-100')).toBe(
      'min-h-11 rounded-xl bg-emerald-700 px-3 hover:bg-violet-100',
    );
    expect(withOverrides('animate-pulse rounded-lg bg-slate-200', 'h-40 rounded-2xl')).toBe('animate-pulse bg-slate-200 h-40 rounded-2xl');
  });

  it('keeps every class when none can clash, and the base alone without a className', () => {
    expect(withOverrides('inline-flex rounded-xl px-4', 'mt-3 w-full')).toBe('inline-flex rounded-xl px-4 mt-3 w-full');
    expect(withOverrides('inline-flex rounded-xl px-4', undefined)).toBe('inline-flex rounded-xl px-4');
  });

  it('says two classes may clash wherever tailwind-merge drops one for the other, for every pair the source uses', () => {
    const classes = classesInSource();
    expect(classes.length).toBeGreaterThan(300);
    const missed: string[] = [];
    for (const earlier of classes) {
      for (const later of classes) {
        if (earlier !== later && twMerge(earlier, later) === later && !mayClash(earlier, later)) missed.push(`${earlier} / ${later}`);
      }
    }
    expect(missed).toEqual([]);
  });
});
