import { ApiRoutes } from '@curbside/contracts/client';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Owns every query key of the items feature. Each starts with its route's path; the lists an item can appear in
 * (feed and nearby, top finds, a member's items) and an item's own page are refreshed together after a change to an
 * item (spec §7). Comments and a hold's line have keys of their own features: an item's change does not refetch them.
 */
export const itemKeys = {
  /** The home feed and the map/search's nearby list share the feed route. */
  feeds: [ApiRoutes.feed.path] as const,
  feed: (lat: number | undefined, lng: number | undefined, radius: number, recentlyConfirmed: boolean) =>
    [ApiRoutes.feed.path, 'feed', lat, lng, radius, recentlyConfirmed] as const,
  nearby: (lat: number, lng: number, radius: number, kind: string, q: string, category: string, recentlyConfirmed: boolean) =>
    [ApiRoutes.feed.path, 'nearby', lat, lng, radius, kind, q, category, recentlyConfirmed] as const,
  topFinds: [ApiRoutes.topFinds.path] as const,
  topFindsNear: (lat: number | undefined, lng: number | undefined, radius: number) => [ApiRoutes.topFinds.path, lat, lng, radius] as const,
  userItems: (userId: string | null) => [ApiRoutes.userItems.path, userId] as const,
  details: [ApiRoutes.getItem.path] as const,
  detail: (itemId: string) => [ApiRoutes.getItem.path, itemId] as const,
};

/** Every list an item can appear in, and an item's own page. */
export const ITEM_LIST_KEYS = [itemKeys.feeds, itemKeys.topFinds, [ApiRoutes.userItems.path] as const, itemKeys.details] as const;

export function invalidateItemLists(queryClient: QueryClient): Promise<void> {
  return Promise.all(ITEM_LIST_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))).then(() => undefined);
}
