import type { OpenRedemption } from '@curbside/contracts';
import { ApiRoutes, apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Owns every key of the fulfilment feature. */
export const fulfilmentKeys = { open: [ApiRoutes.fulfilment.path] as const };

export const getOpenRedemptions = (signal?: AbortSignal) => api.get<OpenRedemption[]>(apiPath('fulfilment'), signal);

/** Asked afresh each time the page opens: other administrators decide meanwhile. */
export const openRedemptionsQueryOptions = () =>
  queryOptions({ queryKey: fulfilmentKeys.open, queryFn: ({ signal }) => getOpenRedemptions(signal), staleTime: 0 });

export const useOpenRedemptions = () => useQuery(openRedemptionsQueryOptions());
