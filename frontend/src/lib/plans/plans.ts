import { GARAGE_SALE_ALERT_TIERS, SUBSCRIPTION_TIERS, TIER_RADIUS_CAP_MILES, type SubscriptionTier } from '@curbside/contracts/client';

/**
 * The four plans of accounts spec §9 with the features of §6, search radii as docs/product-rules.md settles them
 * (free 5 miles, pro 100). Tiers, caps and garage-sale tiers come from the contracts' browser entry, which the
 * search radius picker on the first screen can import without the validation library.
 */
export type Tier = SubscriptionTier;

export const TIERS: readonly Tier[] = SUBSCRIPTION_TIERS;

/** How far each plan may search, in miles; the server clamps to it and answers with X-Radius-Cap. */
export const TIER_RADIUS_CAP: Record<Tier, number> = TIER_RADIUS_CAP_MILES;

/** Garage sale alerts are a Premium and Pro feature (spec §2, §5). */
export const GARAGE_SALE_TIERS: readonly Tier[] = GARAGE_SALE_ALERT_TIERS;

export interface Plan {
  tier: Tier;
  name: string;
  price: string;
  mostPopular: boolean;
  features: string[];
}

export const PLANS: readonly Plan[] = [
  { tier: 'free', name: 'Free', price: '$0', mostPopular: false, features: ['Basic alerts', '5-mile search', '5 comments per month'] },
  {
    tier: 'basic',
    name: 'Basic',
    price: '$4.99',
    mostPopular: false,
    features: ['E-mail and SMS alerts', '10-mile search', '1.2x points', 'Unlimited comments'],
  },
  {
    tier: 'premium',
    name: 'Premium',
    price: '$9.99',
    mostPopular: true,
    features: ['Instant alerts', '25-mile search', 'Garage sale alerts (15+ mile)', '1.5x points', 'Priority access', 'Unlimited comments'],
  },
  {
    tier: 'pro',
    name: 'Pro',
    price: '$14.99',
    mostPopular: false,
    features: ['Lightning alerts', '100-mile search', 'Auto-claim', '2x points', 'VIP network', 'Unlimited comments'],
  },
];

export function planOf(tier: string | null | undefined): Plan {
  return PLANS.find((p) => p.tier === tier) ?? PLANS[0];
}

/**
 * The radius a search really uses: the chosen one held to the cap the server last said (X-Radius-Cap), or,
 * before it said one, to the plan's cap.
 */
export function effectiveRadius(radius: number, tier: string | null | undefined, serverCap?: number | null): number {
  const cap = serverCap && serverCap > 0 ? serverCap : TIER_RADIUS_CAP[planOf(tier).tier];
  return Math.min(radius, cap);
}

/** The cheapest plan whose search reaches the radius. */
export function planFor(radius: number): Plan {
  return PLANS.find((p) => TIER_RADIUS_CAP[p.tier] >= radius) ?? PLANS[PLANS.length - 1];
}
