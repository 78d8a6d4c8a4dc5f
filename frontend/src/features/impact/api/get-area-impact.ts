import type { AreaImpact, Position } from '@curbside/contracts';
import { apiPath, ApiRoutes } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '../../../lib/api-client';

/** Every query key of the impact feature. */
export const impactKeys = {
  area: (lat: number, lng: number) => [ApiRoutes.areaImpact.path, lat, lng] as const,
  member: (userId: string) => [ApiRoutes.memberImpact.path, userId] as const,
};

export const getAreaImpact = (position: Position, signal?: AbortSignal) =>
  api.get<AreaImpact>(withQuery(apiPath('areaImpact'), { lat: position.lat, lng: position.lng }), signal);

/** The area around the position; asked afresh each time the page opens (neighbours' pickups change it). */
export const areaImpactQueryOptions = (position: Position | null) =>
  queryOptions({
    queryKey: impactKeys.area(position?.lat ?? NaN, position?.lng ?? NaN),
    queryFn: ({ signal }) => getAreaImpact(position as Position, signal),
    enabled: position !== null,
    staleTime: 0,
  });

export function useAreaImpact(position: Position | null) {
  return useQuery(areaImpactQueryOptions(position));
}
