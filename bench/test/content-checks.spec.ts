import { adversarialTexts, corpusCounts, fullLengthTexts } from '../src/scenarios/content-checks.scenario';

describe('content-checks scenario', () => {
  it('counts hits and misses per text, per label and per hold; a wrong confidence is one false positive and one false negative', () => {
    const { counts, wrong } = corpusCounts([
      { kind: 'item', text: 'Oak wine rack', expected: [] },
      { kind: 'item', text: 'Bottle of wine, unopened', expected: ['prohibited.alcohol:low'] },
      { kind: 'item', text: 'Hunting rifle and ammo', expected: ['prohibited.weapons:low'] },
      { kind: 'item', text: 'Blue sofa', expected: ['scam.deposit:high'] },
      { kind: 'comment', text: 'Buy me a gift card first', expected: [] },
    ]);
    expect(counts).toEqual({
      texts: 5,
      tp: 2,
      fp: 1,
      fn: 1,
      tn: 1,
      label_tp: 1,
      label_fp: 2,
      label_fn: 2,
      hold_tp: 0,
      hold_fp: 2,
      hold_fn: 1,
      hold_tn: 2,
    });
    expect(wrong).toHaveLength(3);
  });

  it('grows every text to exactly 500 characters and keeps its kind; adversarial texts are 500 characters too', () => {
    const texts = fullLengthTexts([
      { kind: 'message', text: 'Send me a deposit', expected: ['scam.deposit:high'] },
      { kind: 'item', text: 'Oak wine rack', expected: [] },
    ]);
    expect(texts.map((t) => [t.kind, t.text.length])).toEqual([
      ['message', 500],
      ['item', 500],
    ]);
    expect(texts[0].text.startsWith('Send me a deposit ')).toBe(true);
    expect(adversarialTexts().every((t) => t.text.length === 500)).toBe(true);
  });
});
