import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { FeedItem } from '../../../lib/items/item-rules';
import { itemKeys } from '../../../lib/items/item-keys';

export const getItem = (itemId: string, signal?: AbortSignal) => api.get<FeedItem>(apiPath('getItem', { id: itemId }), signal);

/** One item (its page, /items/{id}); the key starts with the route's path, like the lists' (keys.ts). */
export const itemQueryOptions = (itemId: string) =>
  queryOptions({
    queryKey: itemKeys.detail(itemId),
    queryFn: ({ signal }) => getItem(itemId, signal),
    // An unknown or removed item stays unknown: asking again would only delay the page's "not found".
    retry: false,
  });

export function useItem(itemId: string) {
  return useQuery(itemQueryOptions(itemId));
}
