import { parseCorpus } from './content-corpus';
import raw from './content-corpus.fixture.json';
import { ContentKind } from './content-flag';
import { checkText, TEXT_RULES } from './text-checks.rules';

const CORPUS = parseCorpus(raw);

const labelsOf = (kind: ContentKind, text: string) =>
  checkText(kind, text)
    .map((flag) => `${flag.ruleId}:${flag.confidence}`)
    .sort();

describe('the named text rules over the labelled corpus', () => {
  it.each(CORPUS.map((entry) => [entry.kind, entry.text, entry.expected] as const))('%s %j → %j', (kind, text, expected) => {
    expect(labelsOf(kind, text)).toEqual([...expected].sort());
  });

  it('has at least 100 texts, 10 clean ones of each kind, and a hit of every rule (a high one where the rule has a high pattern)', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(100);
    for (const kind of ['item', 'comment', 'message'] as const) {
      expect(CORPUS.filter((entry) => entry.kind === kind && entry.expected.length === 0).length).toBeGreaterThanOrEqual(10);
    }
    const labels = [...new Set(CORPUS.flatMap((entry) => entry.expected))];
    for (const rule of TEXT_RULES) {
      if (rule.low) expect(labels).toContain(`${rule.id}:low`);
      if (rule.high) expect(labels).toContain(`${rule.id}:high`);
    }
  });
});
