import tzlookup from '@photostructure/tz-lookup';

/**
 * The time zone at a place (IANA name), for "today" and "local time" rules: an item's day of votes, a member's
 * quiet hours and digest hour. UTC without a place, or where the lookup knows none.
 */
export function timeZoneAt(lat: number | string | null, lng: number | string | null): string {
  if (lat === null || lng === null) return 'UTC';
  try {
    return tzlookup(Number(lat), Number(lng));
  } catch {
    return 'UTC';
  }
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/**
 * A time of day as a member reads it in a text sent to them ("2:05 PM EST"): in their time zone, with the zone's
 * short name so a text read elsewhere is not misread. "14:05 UTC" where the zone is UTC or unknown; the app shows
 * that form in the reader's own time (frontend/src/lib/notifications/notification-data.ts).
 */
export function clockTimeIn(at: Date | string, timeZone: string): string {
  const when = new Date(at);
  if (timeZone === 'UTC') return `${when.toISOString().slice(11, 16)} UTC`;
  let format = clocks.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    } catch {
      return `${when.toISOString().slice(11, 16)} UTC`;
    }
    clocks.set(timeZone, format);
  }
  // Newer ICU puts a narrow no-break space before AM/PM; an SMS's alphabet has only the plain one.
  return format.format(when).replace(/\u202f/g, ' ');
}
