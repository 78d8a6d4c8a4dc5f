import { SAVED_SEARCH_LIMITS, searchWords, type SubscriptionTier } from '@curbside/contracts/client';
import { plural } from './plural';

/** What a saved search or wanted post looks for, as a person reads it: "oak desk" in Furniture. */
export function describeSearch(search: { query: string; category?: string | null }): string {
  const words = search.query.trim();
  if (words && search.category) return `"${words}" in ${search.category}`;
  return words ? `"${words}"` : `Anything in ${search.category ?? 'any category'}`;
}

/** "The Free plan keeps 1 saved search." */
export function planLimitText(planName: string, tier: SubscriptionTier): string {
  return `The ${planName} plan keeps ${plural(SAVED_SEARCH_LIMITS[tier], 'saved search', 'saved searches')}.`;
}

/** The poster's news after posting: null when no wanted post matched. */
export function wantedByText(count: number | undefined): { title: string; description: string } | null {
  if (!count) return null;
  return {
    title: `${count} ${count === 1 ? 'neighbour wants' : 'neighbours want'} this!`,
    description: 'They asked for something like it nearby and were told first. Your item is posted.',
  };
}

/** A search is worth saving once it has words or a category (the search page's "Save this search", for members). */
export function isSavableSearch(search: { query: string; category?: string | null }): boolean {
  return searchWords(search.query).length > 0 || !!search.category;
}
