/**
 * Local copies of the live channel's contract values: the header (first screen) opens the stream, and importing
 * the contracts' values there would bring the schema library into the first download. A unit test keeps them equal.
 */
export const LIVE_STREAM_PATH = '/api/events/stream';
export const LIVE_EVENT = { notification: 'notification', count: 'count' } as const;
export const BADGE_ANIMATION_TRIGGER = 'badge_earned';
