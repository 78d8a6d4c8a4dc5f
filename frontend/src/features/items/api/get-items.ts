import type { Position } from '@curbside/contracts';
import { apiPath, FEED_PAGE_MAX, RADIUS_CAP_HEADER, type FEED_KINDS } from '@curbside/contracts/client';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGetWithHeaders, withQuery } from '../../../lib/api-client';
import { mergeNewestFirst, type FeedItem } from '../../../lib/items/item-rules';
import { reportRadiusCap } from '../../../lib/plans/radius-cap-store';
import { itemKeys } from '../../../lib/items/item-keys';

export const FEED_PAGE_SIZE = 20;
const FEED_MAX_LIMIT = FEED_PAGE_MAX;

export type FeedKind = (typeof FEED_KINDS)[number];

interface FeedParams {
  position: Position;
  radius: number;
  limit?: number;
  cursor?: string;
  kind?: FeedKind;
  q?: string;
  category?: string;
  /** Only items confirmed in the last 12 hours (and garage sales). */
  recentlyConfirmed?: boolean;
}

export interface FeedPage {
  items: FeedItem[];
  limit: number;
  /** The X-Next-Cursor header: more after it; null when the server says there is no more. */
  nextCursor: string | null;
}

export async function getItems(
  { position, radius, limit = FEED_MAX_LIMIT, cursor, kind, q, category, recentlyConfirmed }: FeedParams,
  signal?: AbortSignal,
): Promise<FeedPage> {
  const url = withQuery(apiPath('feed'), {
    lat: position.lat,
    lng: position.lng,
    radius,
    limit,
    cursor,
    kind: kind === 'all' ? undefined : kind,
    q: q || undefined,
    category: category || undefined,
    recentlyConfirmed: recentlyConfirmed ? 'true' : undefined,
  });
  const { data, headers } = await apiGetWithHeaders<FeedItem[]>(url, signal);
  reportRadiusCap(headers.get(RADIUS_CAP_HEADER));
  return { items: data, limit, nextCursor: headers.get('X-Next-Cursor') };
}

interface PageParam {
  limit: number;
  cursor?: string;
}

export function nextFeedPage(last: FeedPage): PageParam | undefined {
  return last.nextCursor ? { limit: FEED_PAGE_SIZE, cursor: last.nextCursor } : undefined;
}

export const feedQueryOptions = (position: Position | null, radius: number, recentlyConfirmed = false) =>
  infiniteQueryOptions({
    queryKey: itemKeys.feed(position?.lat, position?.lng, radius, recentlyConfirmed),
    queryFn: ({ pageParam, signal }) => getItems({ position: position as Position, radius, recentlyConfirmed, ...pageParam }, signal),
    initialPageParam: { limit: FEED_PAGE_SIZE } as PageParam,
    getNextPageParam: nextFeedPage,
    enabled: position !== null,
    select: (data) => mergeNewestFirst(data.pages.map((p) => p.items)),
  });

export function useFeed(position: Position | null, radius: number, recentlyConfirmed = false) {
  return useInfiniteQuery(feedQueryOptions(position, radius, recentlyConfirmed));
}

interface NearbyFilters {
  kind?: FeedKind;
  q?: string;
  category?: string;
  recentlyConfirmed?: boolean;
}

/** One call of up to 50 items, for the map and search (the map refetches every 60 s); the server filters. */
export const nearbyQueryOptions = (position: Position, radius: number, filters: NearbyFilters = {}, refetchInterval: number | false = false) =>
  queryOptions({
    queryKey: itemKeys.nearby(position.lat, position.lng, radius, filters.kind ?? 'all', filters.q ?? '', filters.category ?? '', !!filters.recentlyConfirmed),
    queryFn: ({ signal }) => getItems({ position, radius, limit: FEED_MAX_LIMIT, ...filters }, signal).then((page) => mergeNewestFirst([page.items])),
    refetchInterval,
    placeholderData: (previous) => previous,
  });

export function useNearbyItems(position: Position, radius: number, filters: NearbyFilters = {}, refetchInterval: number | false = false) {
  return useQuery(nearbyQueryOptions(position, radius, filters, refetchInterval));
}
