/** The plans: what the server enforces and the browser shows, without the schema library. */
export const SUBSCRIPTION_TIERS = ['free', 'basic', 'premium', 'pro'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

/**
 * How far each tier may search (docs/product-rules.md; free is the spec's "4" rounded to an offered radius). The server
 * clamps feed, map, search and top-finds radii to it and says so in the X-Radius-Cap header.
 */
export const TIER_RADIUS_CAP_MILES: Record<SubscriptionTier, number> = { free: 5, basic: 10, premium: 25, pro: 100 };
export const RADIUS_CAP_HEADER = 'X-Radius-Cap';

/** Garage-sale alerts are for Premium and Pro. */
export const GARAGE_SALE_ALERT_TIERS: readonly SubscriptionTier[] = ['premium', 'pro'];
/** Plans whose members can have alerts texted to their phone (spec §6: e-mail and SMS alerts from Basic up). */
export const SMS_ALERT_TIERS: readonly SubscriptionTier[] = ['basic', 'premium', 'pro'];

/** Saved searches a member may keep, by plan (docs/product-rules.md, "Saved searches"). */
export const SAVED_SEARCH_LIMITS: Record<SubscriptionTier, number> = { free: 1, basic: 3, premium: 10, pro: 25 };

/**
 * When item alerts (new items, scout finds, garage sales, saved searches) leave the app by plan, in minutes after
 * the post (docs/product-rules.md, "Alert timing"); pro's go out first. Everything else goes at once for everybody.
 */
export const ITEM_ALERT_DELAY_MINUTES: Record<SubscriptionTier, number> = { free: 15, basic: 5, premium: 0, pro: 0 };
/** Plans whose members get each alert by e-mail; free members get one digest a day at DIGEST_LOCAL_HOUR instead. */
export const EMAIL_ALERT_TIERS: readonly SubscriptionTier[] = ['basic', 'premium', 'pro'];
export const DIGEST_LOCAL_HOUR = 18;
/** Quiet hours unless the member changes them: local time, start inclusive, end exclusive (may cross midnight). */
export const DEFAULT_QUIET_HOURS = { start: '22:00', end: '07:00' } as const;
/** The default as kept and shown ('22:00-07:00'). */
export const DEFAULT_QUIET_HOURS_TEXT = `${DEFAULT_QUIET_HOURS.start}-${DEFAULT_QUIET_HOURS.end}`;
/** Quiet hours as a member writes them: 'off', or the local start and end 'HH:MM-HH:MM' (the one format, everywhere). */
export const QUIET_HOURS_PATTERN = /^(off|([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d)$/;

/** A member's quiet hours: their local start and end ('HH:MM', may cross midnight), or null when they are off. */
export function parseQuietHours(value: string | null | undefined): { start: string; end: string } | null {
  const text = value ?? DEFAULT_QUIET_HOURS_TEXT;
  if (text === 'off' || !QUIET_HOURS_PATTERN.test(text)) return null;
  const [start, end] = text.split('-');
  return { start, end };
}
