import type { Position, WantedPost } from '@curbside/contracts';
import { apiPath, RADIUS_CAP_HEADER } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGetWithHeaders, withQuery } from '../../../lib/api-client';
import { reportRadiusCap } from '../../../lib/plans/radius-cap-store';
import { savedSearchKeys } from './keys';

export type { WantedPost };

/** Wanted posts around a place, nearest first (the server narrows the radius to the plan's, like the feed's). */
export async function getWanted(position: Position, radius: number, signal?: AbortSignal): Promise<WantedPost[]> {
  const { data, headers } = await apiGetWithHeaders<WantedPost[]>(withQuery(apiPath('wanted'), { lat: position.lat, lng: position.lng, radius }), signal);
  reportRadiusCap(headers.get(RADIUS_CAP_HEADER));
  return data;
}

export const wantedQueryOptions = (position: Position, radius: number) =>
  queryOptions({
    queryKey: savedSearchKeys.wanted(position.lat, position.lng, radius),
    queryFn: ({ signal }) => getWanted(position, radius, signal),
    placeholderData: (previous) => previous,
  });

export const useWanted = (position: Position, radius: number) => useQuery(wantedQueryOptions(position, radius));
