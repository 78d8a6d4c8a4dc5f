/** The live channel's names and the celebration's trigger, from the contracts' browser entry (no schema library). */
export { BADGE_ANIMATION_TRIGGER, LIVE_STREAM_PATH, LiveEvent as LIVE_EVENT } from '@curbside/contracts/client';
