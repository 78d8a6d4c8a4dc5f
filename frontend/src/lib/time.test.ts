import { formatCountdown } from './time';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const inMinutes = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe(formatCountdown.name, () => {
  it('says a 24 h post made a moment ago expires in 24h, to the nearest hour from then on', () => {
    expect(formatCountdown(inMinutes(24 * 60 - 0.1), NOW)).toBe('Expires in 24h');
    expect(formatCountdown(inMinutes(23 * 60 + 31), NOW)).toBe('Expires in 24h');
    expect(formatCountdown(inMinutes(23 * 60 + 29), NOW)).toBe('Expires in 23h');
    expect(formatCountdown(inMinutes(61), NOW)).toBe('Expires in 1h');
  });

  it('never says an hour for less than one, and "Expired" at zero or less', () => {
    expect(formatCountdown(inMinutes(59.5), NOW)).toBe('Expires in 59m');
    expect(formatCountdown(inMinutes(0.2), NOW)).toBe('Expires in 1m');
    expect(formatCountdown(inMinutes(0), NOW)).toBe('Expired');
    expect(formatCountdown(inMinutes(-5), NOW)).toBe('Expired');
  });
});
