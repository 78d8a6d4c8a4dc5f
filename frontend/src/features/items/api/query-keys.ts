import { ApiRoutes } from '@curbside/contracts/client';
import type { QueryClient } from '@tanstack/react-query';

/** Every list an item can appear in, and an item's own page; after a mutation they are all refreshed (spec §7). */
export const ITEM_LIST_KEYS = [[ApiRoutes.feed.path], [ApiRoutes.topFinds.path], [ApiRoutes.userItems.path], [ApiRoutes.getItem.path]] as const;

export function invalidateItemLists(queryClient: QueryClient): Promise<void> {
  return Promise.all(ITEM_LIST_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))).then(() => undefined);
}
