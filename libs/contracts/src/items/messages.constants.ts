/** Handover messages' numbers (docs/product-rules.md, Handover messages); zod-free so the SPA's client entry can carry them. */
export const MESSAGE_MAX = 1000;
export const MESSAGES_PER_HOUR = 30;
export const MESSAGE_RETENTION_DAYS = 90;
export const MEET_PLACE_MAX = 200;
/** The warning a recipient sees on a message that matched a scam pattern. */
export const SCAM_WARNING = 'Curbside items are free; never pay or share a code';
