import { z } from 'zod';
import { RANK_NAMES } from '../rewards/ranks';
import { subscriptionTierSchema } from '../users/user.schemas';
import { defineEvent } from './event-envelope';

const rank = z.enum(RANK_NAMES);

/** A user's fields that other services keep in read models. `version` grows with every change. */
export const userSnapshotSchema = z.object({
  userId: z.uuid(),
  username: z.string(),
  subscriptionTier: subscriptionTierSchema,
  scoutMode: z.boolean(),
  isVerified: z.boolean(),
  isAdmin: z.boolean(),
  notificationRadius: z.string(),
  notificationFlags: z.record(z.string(), z.boolean()),
  version: z.number().int(),
});

export const Events = {
  userCreated: defineEvent('user.created.v1', userSnapshotSchema),
  userUpdated: defineEvent('user.updated.v1', userSnapshotSchema),
  itemPosted: defineEvent(
    'item.posted.v1',
    z.object({
      itemId: z.uuid(),
      posterId: z.uuid(),
      title: z.string(),
      category: z.string(),
      isScoutFind: z.boolean(),
      isGarageSale: z.boolean(),
      pricingType: z.enum(['free', 'paid']),
      lat: z.number(),
      lng: z.number(),
      createdAt: z.string(),
    }),
  ),
  pointsAwarded: defineEvent(
    'points.awarded.v1',
    z.object({
      userId: z.uuid(),
      entryId: z.uuid(),
      amount: z.number().int(),
      reason: z.string(),
      sourceEventId: z.uuid(),
      /** The balance after this entry and the number of entries so far: read models keep the highest. */
      balance: z.number().int(),
      version: z.number().int(),
      rank,
    }),
  ),
  rankChanged: defineEvent(
    'rank.changed.v1',
    z.object({ userId: z.uuid(), from: rank, to: rank, points: z.number().int(), version: z.number().int() }),
  ),
} as const;

export type EventKey = keyof typeof Events;
