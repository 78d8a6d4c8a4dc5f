import type { Item, ItemStatus, RankName } from '@curbside/contracts';
import type { FeedRow } from './items.repository';
import { blurredPosition } from './location-privacy.rules';

const PLACEHOLDER_NAME = 'Neighbour';

/** A precise distance from a known position would undo the blur: others get tenths of a mile. */
function roundDistance(miles: number, exact: boolean): number {
  return exact ? Math.round(miles * 100) / 100 : Math.round(miles * 10) / 10;
}

/** The API's item. Coordinates are exact only for the poster and the neighbour holding the item. */
export function toItem(row: FeedRow, callerId: string | undefined): Item {
  const exact = callerId !== undefined && (callerId === row.poster_id || callerId === row.claimed_by_id);
  const position = exact ? { lat: row.lat, lng: row.lng } : blurredPosition(row.id, row.lat, row.lng);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    imageUrl: row.image_url,
    status: row.status as ItemStatus,
    posterId: row.poster_id,
    // Until the users service's event reaches us, a brand-new poster shows a neutral name.
    poster: { id: row.poster_id, username: row.poster_username ?? PLACEHOLDER_NAME, rank: (row.poster_rank ?? 'Newbie') as RankName },
    claimedBy: row.claimed_by_id ? (row.claimer_username ?? PLACEHOLDER_NAME) : null,
    claimedById: row.claimed_by_id,
    pricingType: row.pricing_type,
    customAmount: row.custom_amount,
    timeLimit: row.time_limit,
    expiresAt: new Date(row.expires_at).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
    latitude: position.lat.toFixed(6),
    longitude: position.lng.toFixed(6),
    distance: row.distance_miles == null ? undefined : roundDistance(Number(row.distance_miles), exact),
    locationDescription: row.location_description,
    isScoutFind: row.is_scout_find,
    isGarageSale: row.is_garage_sale,
    garageSaleAddress: row.garage_sale_address,
    garageSaleStartTime: row.garage_sale_start_time ? new Date(row.garage_sale_start_time).toISOString() : null,
    garageSaleEndTime: row.garage_sale_end_time ? new Date(row.garage_sale_end_time).toISOString() : null,
    garageSaleContactInfo: row.garage_sale_contact_info,
    interestCount: row.interest_count,
    voteCount: row.vote_count,
    stillThereCount: row.still_there_count,
    lastStillThereCheck: row.last_still_there_check ? new Date(row.last_still_there_check).toISOString() : null,
  };
}
