import type { QueueView } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { claimKeys } from './keys';

export const getQueue = (itemId: string, signal?: AbortSignal) => api.get<QueueView>(apiPath('queue', { id: itemId }), signal);

export const queueQueryOptions = (itemId: string) =>
  queryOptions({
    queryKey: claimKeys.queue(itemId),
    queryFn: ({ signal }) => getQueue(itemId, signal),
  });

/** The line behind a hold: the poster gets every member; anyone else their place and the length. */
export function useQueue(itemId: string, enabled: boolean) {
  return useQuery({ ...queueQueryOptions(itemId), enabled });
}
