import type { stillThereResponseSchema } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import type { z } from 'zod';
import { api } from '../api-client';

type StillThereResponse = z.infer<typeof stillThereResponseSchema>;

/**
 * "Still There?" on an item (spec §7): asked on the item's card (features/items) and, before a duplicate is posted,
 * in Similar Items Found (features/posting).
 */
export const markStillThere = (itemId: string, userId: string, stillThere = true) =>
  api.post<StillThereResponse>(apiPath('stillThere', { id: itemId }), { userId, stillThere });
