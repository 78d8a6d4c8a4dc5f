/**
 * The golden frame of the Profile Frame perk (docs/product-rules.md, "Perks"), the same on every picture of the
 * member: the header's button and the profile.
 */
export const PROFILE_FRAME_CLASS = 'ring-[3px] ring-amber-400 ring-offset-2 ring-offset-white';
