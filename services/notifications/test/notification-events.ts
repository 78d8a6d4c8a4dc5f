import { randomUUID } from 'node:crypto';
import { EventEnvelope, EventPayload, Events } from '@curbside/contracts';

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
