import { EventPayload, Events, SubscriptionTier } from '@curbside/contracts';
import { ItemRow } from './item-row';

/**
 * item.posted for an item as read back: when it is posted, or when a moderator restores one the checks held before
 * anyone heard of it. `posterTier`: the poster's plan then (the points multiplier travels with the act);
 * `posterTimeZone`: the zone the poster's days are counted in (PostersService.dayTimeZone).
 */
export function itemPostedPayload(row: ItemRow, posterTier: SubscriptionTier, posterTimeZone: string): EventPayload<typeof Events.itemPosted> {
  return {
    itemId: row.id,
    posterId: row.poster_id,
    title: row.title,
    category: row.category,
    isScoutFind: row.is_scout_find,
    isGarageSale: row.is_garage_sale,
    pricingType: row.pricing_type,
    lat: row.lat,
    lng: row.lng,
    createdAt: new Date(row.created_at).toISOString(),
    timeZone: row.time_zone,
    publicLat: row.public_lat,
    publicLng: row.public_lng,
    posterTier,
    posterTimeZone,
  };
}
