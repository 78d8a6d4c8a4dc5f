/**
 * Impact and fairness (docs/product-rules.md, "Impact" and "Fairness"). Every figure is an estimate: a verified
 * pickup weighs what its category weighs on average, and each kilogram reused saves 0.51 kg of CO₂e.
 *
 * Sources, as docs/product-rules.md records them: the weights are the per-category estimates the product settled on
 * (a sofa or a dresser for Furniture, a paperback pair for Books, a garment for Clothing); the factor is Freegle's
 * published one, 0.51 t CO₂e saved per tonne of goods reused instead of thrown away.
 */
export const IMPACT_WEIGHTS_KG = {
  Furniture: 20,
  Electronics: 4,
  Clothing: 1,
  Books: 2,
  Household: 3,
  Sports: 4,
  Tools: 3,
  Toys: 2,
  Kitchen: 3,
  Garden: 5,
  Antiques: 5,
  Other: 3,
} as const satisfies Record<string, number>;

export type ImpactCategory = keyof typeof IMPACT_WEIGHTS_KG;

/** kg of CO₂e saved per kg reused (Freegle: 0.51 t per tonne). */
export const CO2E_PER_KG = 0.51;
export const IMPACT_SOURCE = "Freegle's published factor: 0.51 t CO₂e saved per tonne reused";

/** A category outside the table (the generic "Garage Sale") weighs as Other. */
export function impactCategoryOf(category: string): ImpactCategory {
  return Object.hasOwn(IMPACT_WEIGHTS_KG, category) ? (category as ImpactCategory) : 'Other';
}

export function estimatedKg(category: string): number {
  return IMPACT_WEIGHTS_KG[impactCategoryOf(category)];
}

/** CO₂e in kg for a weight in kg, to the gram (weights are whole kilograms, so two decimals are exact). */
export function co2eKg(kg: number): number {
  return Math.round(kg * CO2E_PER_KG * 100) / 100;
}

/** A pair of members counts at most this many pickups in the fairness window (one giving, the other taking). */
export const PAIR_PICKUPS_COUNTED = 3;
/** The fairness window, the same 28 days as the pickup quota. */
export const FAIRNESS_WINDOW_DAYS = 28;
/** Weeks the area's page plots, the current one last. */
export const IMPACT_WEEKS = 12;

export type NotCountedReason = 'own_item' | 'shared_device' | 'account_newer_than_post' | 'pair_limit';

export interface PickupFacts {
  posterId: string;
  pickerId: string;
  /** When the item was posted. */
  postedAt: Date;
  /** When the picker's account was created (items' read model of members; null: not heard of yet). */
  pickerJoinedAt: Date | null;
  /** Pickups by this picker of this poster's items already counted in the last FAIRNESS_WINDOW_DAYS days. */
  pairPickupsCounted: number;
  /** The two were seen posting or claiming from one device (the gateway's device cookie). */
  sharedDevice: boolean;
}

/**
 * Why a verified pickup must not count, or null when it counts. What links a throwaway account to the poster: it is
 * the poster (refused at the claim already, kept here so the ledger can never say otherwise); it was seen on a
 * device the poster used (one phone, two accounts); it was created after the post it picks up (an account made to
 * take one's own post; a member not heard of yet is as new as that); or it keeps taking the same member's posts
 * (more than PAIR_PICKUPS_COUNTED in 28 days).
 */
export function whyNotCounted(pickup: PickupFacts): NotCountedReason | null {
  if (pickup.pickerId === pickup.posterId) return 'own_item';
  if (pickup.sharedDevice) return 'shared_device';
  if (!pickup.pickerJoinedAt || pickup.pickerJoinedAt.getTime() >= pickup.postedAt.getTime()) return 'account_newer_than_post';
  if (pickup.pairPickupsCounted >= PAIR_PICKUPS_COUNTED) return 'pair_limit';
  return null;
}

/**
 * Why a pickup counts for nothing that says the two members are likely one person: seen on one device. Points follow
 * it (the claim pays nothing, the post's points wait for their six hours). An account newer than the post may be a
 * neighbour who joined to take it, and the pair limit is about impact: those still earn points.
 */
export function linkedAccounts(reason: NotCountedReason | null): boolean {
  return reason === 'shared_device';
}

/** How many members make the busiest tenth of `pickers`: ceil(10 %), at least one while there is anyone. */
export function topDecileSize(pickers: number): number {
  return pickers === 0 ? 0 : Math.ceil(pickers / 10);
}

/**
 * The share of the pickups that the busiest tenth of the pickers took, from each picker's count (any order). Ties at
 * the edge of the tenth change who is in it, never the share. Null without any pickup.
 */
export function topDecileShare(pickupsPerPicker: number[]): { pickers: number; pickups: number; topPickers: number; topShare: number | null } {
  const counts = pickupsPerPicker.filter((n) => n > 0).sort((a, b) => b - a);
  const pickups = counts.reduce((sum, n) => sum + n, 0);
  const topPickers = topDecileSize(counts.length);
  const top = counts.slice(0, topPickers).reduce((sum, n) => sum + n, 0);
  return { pickers: counts.length, pickups, topPickers, topShare: pickups === 0 ? null : top / pickups };
}

const DAY_MS = 86_400_000;

/** The Monday (UTC) starting the week of `at`, as YYYY-MM-DD. */
export function weekStartOf(at: Date): string {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The starts of the last `count` weeks (UTC, Monday first), oldest first, the week of `now` last. */
export function lastWeekStarts(now: Date, count: number): string[] {
  const current = Date.parse(`${weekStartOf(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(current - (count - 1 - i) * 7 * DAY_MS).toISOString().slice(0, 10));
}
