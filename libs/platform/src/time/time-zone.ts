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
