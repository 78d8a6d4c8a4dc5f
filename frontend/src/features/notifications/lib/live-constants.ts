/**
 * The live channel's names come from the contracts' browser entry (no schema library); the celebration's trigger
 * is a local copy of the contracts' value, kept equal by a unit test.
 */
export { LIVE_STREAM_PATH, LiveEvent as LIVE_EVENT } from '@curbside/contracts/client';
export const BADGE_ANIMATION_TRIGGER = 'badge_earned';
