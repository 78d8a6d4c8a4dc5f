import { ApiRoutes } from '@curbside/contracts/client';

/** Owns every query key of the claims feature: an item's pickup record and the line behind its hold. */
export const claimKeys = {
  pickup: (itemId: string) => [ApiRoutes.pickup.path, itemId] as const,
  queue: (itemId: string) => [ApiRoutes.queue.path, itemId] as const,
};
