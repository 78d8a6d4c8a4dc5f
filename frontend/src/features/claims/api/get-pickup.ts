import type { PickupView } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { claimKeys } from './keys';

export const getPickup = (itemId: string, signal?: AbortSignal) => api.get<PickupView>(apiPath('pickup', { id: itemId }), signal);

export const pickupQueryOptions = (itemId: string) =>
  queryOptions({
    queryKey: claimKeys.pickup(itemId),
    queryFn: ({ signal }) => getPickup(itemId, signal),
    // A pickup never changes once made.
    staleTime: Infinity,
  });

/** For the item's poster: who picked it up, when, and the checked photo. */
export function usePickup(itemId: string, enabled: boolean) {
  return useQuery({ ...pickupQueryOptions(itemId), enabled });
}
