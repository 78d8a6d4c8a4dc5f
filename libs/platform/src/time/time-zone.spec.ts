import { CLOCK_TIME_IN_TEXT } from '@curbside/contracts';
import { clockTimeIn, timeZoneAt } from './time-zone';

describe(timeZoneAt.name, () => {
  it('names the zone at a place, and UTC without one', () => {
    expect(timeZoneAt(40.758, -73.9855)).toBe('America/New_York');
    // Positions read from Postgres numeric columns arrive as text.
    expect(timeZoneAt('48.8566', '2.3522')).toBe('Europe/Paris');
    expect(timeZoneAt(null, null)).toBe('UTC');
    expect(timeZoneAt(Number.NaN, 0)).toBe('UTC');
  });
});

describe(clockTimeIn.name, () => {
  it('writes the time of day in the zone with its short name, daylight saving included', () => {
    expect(clockTimeIn('2026-01-15T19:05:00Z', 'America/New_York')).toBe('2:05 PM EST');
    expect(clockTimeIn(new Date('2026-07-15T19:05:00Z'), 'America/New_York')).toBe('3:05 PM EDT');
    expect(clockTimeIn('2026-07-15T19:05:00Z', 'America/Los_Angeles')).toBe('12:05 PM PDT');
  });

  it('keeps the "HH:MM UTC" form the app rewrites for UTC and for a zone it cannot name', () => {
    expect(clockTimeIn('2026-07-15T09:05:00Z', 'UTC')).toBe('09:05 UTC');
    expect(clockTimeIn('2026-07-15T09:05:00Z', 'Not/A_Zone')).toBe('09:05 UTC');
  });

  it("writes what the app recognises and shows in the browser's own time, in every kind of zone name", () => {
    for (const zone of ['UTC', 'America/New_York', 'Europe/Paris', 'Europe/London', 'Asia/Kolkata', 'America/Sao_Paulo', 'Australia/Adelaide']) {
      const text = `held for you until ${clockTimeIn('2026-07-15T09:05:00Z', zone)}: pick it up`;
      expect(CLOCK_TIME_IN_TEXT.exec(text)?.[0]).toBe(clockTimeIn('2026-07-15T09:05:00Z', zone));
    }
  });
});
