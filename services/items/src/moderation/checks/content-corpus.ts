import { ContentKind } from './content-flag';

/**
 * The labelled corpus of the named text rules, `content-corpus.fixture.json` beside this file
 * (docs/product-rules.md, Automated checks): each entry is the kind of text, the text (an item is its title, a
 * line break, its description) and the flags it must raise, each as `ruleId:confidence` (`[]`: clean; any `high`:
 * held). content-corpus.spec.ts asserts every label; the `content-checks` bench counts hits and misses over it.
 */
export interface CorpusEntry {
  kind: ContentKind;
  text: string;
  expected: string[];
}

export const CONTENT_CORPUS_FILE = 'services/items/src/moderation/checks/content-corpus.fixture.json';

const KINDS: readonly string[] = ['item', 'comment', 'message'];

/** The corpus file's entries, checked: a malformed entry throws naming it. */
export function parseCorpus(raw: unknown): CorpusEntry[] {
  if (!Array.isArray(raw)) throw new Error('the corpus is not a JSON array');
  return raw.map((entry: unknown, i) => {
    const e = entry as Partial<CorpusEntry> | null;
    const valid =
      e !== null &&
      typeof e === 'object' &&
      typeof e.kind === 'string' &&
      KINDS.includes(e.kind) &&
      typeof e.text === 'string' &&
      Array.isArray(e.expected) &&
      e.expected.every((label) => typeof label === 'string' && /^[a-z-]+\.[a-z-]+:(high|low)$/.test(label));
    if (!valid) throw new Error(`corpus entry ${i} is not {kind, text, expected: ["rule.id:high|low"]}: ${JSON.stringify(entry)}`);
    return { kind: e.kind as ContentKind, text: e.text as string, expected: e.expected as string[] };
  });
}
