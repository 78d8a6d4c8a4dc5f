/**
 * A time of day as the notifications service writes it into a text for the member: "14:05 UTC" without a known time
 * zone, else in the zone of their last position with its short name ("2:05 PM EST", "3:05 PM GMT+1"). The app
 * shows the same moment in the browser's own time in its place. Zod-free: the SPA's first screen reads it from the
 * browser entry (client/index.ts).
 */
export const CLOCK_TIME_IN_TEXT = /\b\d{1,2}:\d{2}(?: [AP]M)? (?:UTC|GMT[+-]\d{1,2}(?::\d{2})?|[A-Z]{2,5})\b/;
