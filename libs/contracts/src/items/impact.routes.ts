import type { RouteContract } from '../http/route-contract';
import { idParamsSchema } from '../http/route-contract';
import { UsersCalls } from '../users/users.calls';
import { ImpactCalls } from './impact.calls';
import { areaImpactSchema, impactQuerySchema, memberImpactSchema } from './impact.schemas';

/** Impact and fairness: an area's totals (never finer than the area, no member named) and a member's own figure. */
export const ImpactRoutes = {
  areaImpact: {
    method: 'get',
    path: '/api/impact',
    summary:
      "The area's verified pickups around the point (its 2° grid cell): estimated kg and CO₂e by week (12) and by category, and the share of the last 28 days' pickups the busiest tenth of its pickers took",
    auth: 'public',
    query: impactQuerySchema,
    response: areaImpactSchema,
    errors: ImpactCalls.areaImpact.errors,
    tags: ['impact'],
  },
  memberImpact: {
    method: 'get',
    path: '/api/users/:id/impact',
    summary: "A member's estimated kg and CO₂e kept out of landfill, given and picked up (public, like their rank)",
    auth: 'public',
    params: idParamsSchema,
    response: memberImpactSchema,
    // The gateway asks the users service whether the member exists beside the items service's figures.
    errors: [...UsersCalls.get.errors, ...ImpactCalls.memberImpact.errors],
    tags: ['impact'],
  },
} as const satisfies Record<string, RouteContract>;
