import { createSequenceTracker, SECRET_SEQUENCE } from './secret-sequence';

const typeAll = (tracker: ReturnType<typeof createSequenceTracker>, text: string, start: number, gap = 100) =>
  [...text].map((ch, i) => tracker.push(ch, start + i * gap));

describe('secret sequence', () => {
  it('is six characters and fires on its last character, even after other typing', () => {
    expect(SECRET_SEQUENCE).toHaveLength(6);
    const tracker = createSequenceTracker();
    const results = typeAll(tracker, `lamp${SECRET_SEQUENCE}`, 0);
    expect(results.at(-1)).toBe(true);
    expect(results.slice(0, -1).every((r) => !r)).toBe(true);
  });

  it('starts over after 3 s without typing', () => {
    const tracker = createSequenceTracker();
    typeAll(tracker, SECRET_SEQUENCE.slice(0, 3), 0);
    const rest = typeAll(tracker, SECRET_SEQUENCE.slice(3), 200 + 3_001);
    expect(rest.at(-1)).toBe(false);
    expect(typeAll(tracker, SECRET_SEQUENCE, 10_000).at(-1)).toBe(true);
  });

  it('starts over after a deletion', () => {
    const tracker = createSequenceTracker();
    typeAll(tracker, SECRET_SEQUENCE.slice(0, 4), 0);
    tracker.push(null, 450);
    expect(typeAll(tracker, SECRET_SEQUENCE.slice(4), 500).at(-1)).toBe(false);
  });
});
