import type { Item, ItemStatus, UrgencyLabel, User } from '@curbside/contracts';
import { isEstablishedMember, ITEM_CATEGORIES, MAX_RADIUS_MILES, SEARCH_RADII_MILES, URGENCY_LABELS, urgencyFor } from '@curbside/contracts/client';
import { hoursLeft } from '../time';

/** An item as every list answers it (the contract's item). */
export type FeedItem = Item;

export const STATUS_LABELS: Record<ItemStatus, string> = {
  available: 'Available',
  claimed: 'Claimed',
  first_dibs: 'First Dibs',
  expired: 'Expired',
  removed: 'Removed',
};

/** Categories of the item forms and the radius options: the contracts' own values (zod-free entry). */
export const ITEM_FORM_CATEGORIES = ITEM_CATEGORIES;
export const SEARCH_RADII = SEARCH_RADII_MILES;
export const MAX_RADIUS = MAX_RADIUS_MILES;

/** An item whose expiry passed counts as expired even before the server's scheduler marks it. */
export function effectiveStatus(item: Item, now: number = Date.now()): ItemStatus {
  if (item.status === 'available' && hoursLeft(item.expiresAt, now) <= 0) return 'expired';
  return item.status;
}

/**
 * Claimable only when available, the user is logged in and not the poster, and the item has a photo; the holder
 * of a first-dibs reservation may still finish the claim.
 */
export function isClaimable(item: Item, user: User | null | undefined, now: number = Date.now()): boolean {
  if (!user || user.id === item.posterId || !item.imageUrl || item.isGarageSale) return false;
  const status = effectiveStatus(item, now);
  return status === 'available' || (status === 'first_dibs' && item.reservedById === user.id);
}

/** Edit and delete: the poster only, and only while the item is available. */
export function canManage(item: Item, user: User | null | undefined): boolean {
  return !!user && user.id === item.posterId && item.status === 'available';
}

export type Urgency = UrgencyLabel;

/** Urgency from hours left (docs/product-rules.md), live as the countdown runs; the server's `urgency` is as of the answer. */
export function urgencyOf(item: Item, now: number = Date.now()): Urgency {
  return urgencyFor(hoursLeft(item.expiresAt, now));
}

export const URGENCIES: readonly Urgency[] = URGENCY_LABELS;

export const URGENCY_COLORS: Record<Urgency, string> = {
  'Express Grab': '#b91c1c',
  'Priority Pickup': '#c2410c',
  'Same Day': '#a16207',
  Flexible: '#1d4ed8',
  'No Rush': '#475569',
};

export const GOLD = '#d4a017';

export function stillThereLabel(count: number): { label: string; tone: 'high' | 'recent' | 'none' } {
  if (count >= 3) return { label: 'Highly Verified', tone: 'high' };
  if (count >= 1) return { label: 'Recently Verified', tone: 'recent' };
  return { label: 'Needs Verification', tone: 'none' };
}

export function formatDollars(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;
}

/** "3:45 PM": when a reservation ends. */
export function formatClock(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
}

export function itemPosition(item: Item): { lat: number; lng: number } {
  return { lat: Number(item.latitude), lng: Number(item.longitude) };
}

/**
 * Newest first, without duplicates (pages of a widening feed overlap). Spotlights lead, in the server's order (the
 * first page carries them, newest spotlight first: docs/product-rules.md, "Perks"); a spotlit post met again in its
 * normal place on a later page stays one card, first, labelled.
 */
export function mergeNewestFirst<T extends Item>(lists: readonly T[][]): T[] {
  const byId = new Map<string, T>();
  for (const list of lists) {
    for (const item of list) byId.set(item.id, byId.get(item.id)?.spotlight && !item.spotlight ? { ...item, spotlight: true } : item);
  }
  const all = [...byId.values()];
  const rest = all.filter((item) => !item.spotlight).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  return [...all.filter((item) => item.spotlight), ...rest];
}

/**
 * Whether the member's votes count toward Top Finds: the list ranks by the day's votes of established members only,
 * verified or with an account over a day old (docs/product-rules.md, "Votes"). Cards count every vote.
 */
export function votesCountForTopFinds(user: Pick<User, 'isVerified' | 'createdAt'>, now: number = Date.now()): boolean {
  return isEstablishedMember(user, now);
}
