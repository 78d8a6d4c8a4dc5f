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
