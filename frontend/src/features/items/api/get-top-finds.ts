import type { Position } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '../../../lib/api-client';
import type { FeedItem } from '../../../lib/items/item-rules';
import { itemKeys } from '../../../lib/items/item-keys';

export const TOP_FINDS_RADIUS = 10;

export const getTopFinds = (position: Position, radius: number, signal?: AbortSignal) =>
  api.get<FeedItem[]>(withQuery(apiPath('topFinds'), { lat: position.lat, lng: position.lng, radius }), signal);

/** Polled every 30 s, and only once the coordinates are known. */
export const topFindsQueryOptions = (position: Position | null, radius: number = TOP_FINDS_RADIUS) =>
  queryOptions({
    queryKey: itemKeys.topFindsNear(position?.lat, position?.lng, radius),
    queryFn: ({ signal }) => getTopFinds(position as Position, radius, signal),
    enabled: position !== null,
    refetchInterval: 30_000,
    select: (items) => [...items].sort((a, b) => b.voteCount - a.voteCount),
  });

export function useTopFinds(position: Position | null, radius?: number) {
  return useQuery(topFindsQueryOptions(position, radius));
}
