import { z } from 'zod';
import { defineCall } from '../rpc/call-contract';
import { areaImpactSchema, impactQuerySchema, memberImpactSchema } from './impact.schemas';

/** Impact and fairness (docs/product-rules.md, "Impact"): the items service counts verified pickups. */
export const ImpactCalls = {
  areaImpact: defineCall({ subject: 'items.impact.area', request: impactQuerySchema, reply: areaImpactSchema, errors: [] }),
  /** A member items has not heard of (yet) has nothing counted: zeros. Whether the member exists is the users service's to say. */
  memberImpact: defineCall({ subject: 'items.impact.member', request: z.object({ userId: z.uuid() }), reply: memberImpactSchema, errors: [] }),
};
