import { types } from 'pg';
import { utcTimestamp } from './timestamps';

/** node-postgres' own parser, which utcTimestamp must agree with wherever it reads a text. */
const original = types.getTypeParser(types.builtins.TIMESTAMPTZ, 'text') as (text: string) => Date | number | null;

describe(utcTimestamp.name, () => {
  it('reads what PostgreSQL writes in UTC as node-postgres reads it, every fraction from none to microseconds', () => {
    // A fixed sequence (mulberry32), so a failure shows again on the next run.
    let state = 20261202;
    const int = (below: number) => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
    };
    const disagreements: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const at = new Date(Date.UTC(100 + int(9900), int(12), 1 + int(28), int(24), int(60), int(60)));
      const digits = int(7);
      const fraction = digits === 0 ? '' : `.${String(int(10 ** digits)).padStart(digits, '0')}`;
      const text = `${at.toISOString().slice(0, 19).replace('T', ' ')}${fraction}+00`;
      if (utcTimestamp(text)?.getTime() !== (original(text) as Date).getTime()) disagreements.push(text);
    }
    expect(disagreements).toEqual([]);
  });

  it.each([
    ['2026-12-02 20:40:36.095131+00', '2026-12-02T20:40:36.095Z'],
    ['2026-12-02 20:40:36+00', '2026-12-02T20:40:36.000Z'],
    ['2026-12-02 20:40:36.9+00', '2026-12-02T20:40:36.900Z'],
    ['2024-02-29 23:59:59.999999+00', '2024-02-29T23:59:59.999Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(utcTimestamp(text)?.toISOString()).toBe(iso);
  });

  it.each([
    '2026-12-02 20:40:36.095131+05:30',
    '2026-12-02 20:40:36-08',
    '2026-12-02 20:40:36.+00',
    '0044-03-15 12:00:00+00 BC',
    '0099-01-01 00:00:00+00',
    '12026-12-02 20:40:36+00',
    'infinity',
    '-infinity',
    '2026-12-02',
    '2026-12-02T20:40:36Z',
    '2026-12-02 20:40:3x+00',
    '2026-12-02 20:40:36.09a131+00',
  ])('leaves %s to node-postgres', (text) => {
    expect(utcTimestamp(text)).toBeNull();
  });
});
