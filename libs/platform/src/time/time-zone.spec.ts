import { timeZoneAt } from './time-zone';

describe(timeZoneAt.name, () => {
  it('names the zone at a place, and UTC without one', () => {
    expect(timeZoneAt(40.758, -73.9855)).toBe('America/New_York');
    // Positions read from Postgres numeric columns arrive as text.
    expect(timeZoneAt('48.8566', '2.3522')).toBe('Europe/Paris');
    expect(timeZoneAt(null, null)).toBe('UTC');
    expect(timeZoneAt(Number.NaN, 0)).toBe('UTC');
  });
});
