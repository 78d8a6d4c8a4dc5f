import { randomUUID } from 'node:crypto';
import { EventEnvelope, EventPayload, Events, NOTIFICATION_FLAG_DEFAULTS, SubscriptionTier } from '@curbside/contracts';

/** An event as the bus delivers it to the service. */
export const envelope = <T>(subject: string, payload: T, occurredAt = new Date()): EventEnvelope<T> => ({
  id: randomUUID(),
  subject,
  occurredAt: occurredAt.toISOString(),
  payload,
});

/** item.posted for a free armchair posted just now at `at`, seen there too (its public position). */
export const itemPostedAt = (at: { lat: number; lng: number }, overrides: Partial<EventPayload<typeof Events.itemPosted>> = {}) =>
  envelope(Events.itemPosted.subject, {
    itemId: randomUUID(),
    posterId: randomUUID(),
    title: 'Blue armchair',
    category: 'Furniture',
    isScoutFind: false,
    isGarageSale: false,
    pricingType: 'free' as const,
    lat: at.lat,
    lng: at.lng,
    publicLat: at.lat,
    publicLng: at.lng,
    createdAt: new Date().toISOString(),
    ...overrides,
  });

/** user.updated for a member on `tier` with the default switches and a 2-mile radius, in effect since a minute ago. */
export const memberOnPlan = (userId: string, tier: SubscriptionTier) =>
  envelope(
    Events.userUpdated.subject,
    {
      userId,
      username: 'QuietHeron0007',
      subscriptionTier: tier,
      scoutMode: false,
      isVerified: false,
      isAdmin: false,
      notificationRadius: '2',
      notificationFlags: NOTIFICATION_FLAG_DEFAULTS,
      version: 2,
    },
    new Date(Date.now() - 60_000),
  );
