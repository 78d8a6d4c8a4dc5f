import { Item, ItemStatus, RankName, thumbnailUrlOf, urgencyFor } from '@curbside/contracts';
import type { ItemRow, ViewerFlags } from './item-row';

const PLACEHOLDER_NAME = 'Neighbour';
const HOUR_MS = 3600 * 1000;
/** A curb item nobody confirmed for this long may be gone (docs/product-rules.md, "Freshness"). */
export const MAY_BE_GONE_HOURS = 12;
const NO_FLAGS: ViewerFlags = { voted: false, interested: false };

/** A precise distance from a known position would undo the blur: others get tenths of a mile. */
function roundDistance(miles: number, exact: boolean): number {
  return exact ? Math.round(miles * 100) / 100 : Math.round(miles * 10) / 10;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The API's item. Coordinates and the reservation are exact only for the poster and the neighbour holding it. */
export function toItem(row: ItemRow, callerId: string | undefined, flags: ViewerFlags = NO_FLAGS, now = Date.now()): Item {
  const holderId = row.claimed_by_id ?? row.reserved_by_id;
  const insider = callerId !== undefined && (callerId === row.poster_id || callerId === holderId);
  const position = insider ? { lat: row.lat, lng: row.lng } : { lat: row.public_lat, lng: row.public_lng };
  const expiresAt = new Date(row.expires_at);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    imageUrl: row.image_url,
    thumbnailUrl: thumbnailUrlOf(row.image_url),
    status: row.status as ItemStatus,
    posterId: row.poster_id,
    // Until the users service's event reaches us, a brand-new poster shows a neutral name.
    poster: { id: row.poster_id, username: row.poster_username ?? PLACEHOLDER_NAME, rank: (row.poster_rank ?? 'Newbie') as RankName },
    claimedBy: row.claimed_by_id ? (row.claimer_username ?? PLACEHOLDER_NAME) : null,
    claimedById: row.claimed_by_id,
    reservedById: insider ? row.reserved_by_id : null,
    reservedUntil: insider ? iso(row.reserved_until) : null,
    pricingType: row.pricing_type,
    customAmount: row.custom_amount,
    timeLimit: row.time_limit,
    expiresAt: expiresAt.toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
    urgency: urgencyFor((expiresAt.getTime() - now) / HOUR_MS),
    latitude: position.lat.toFixed(6),
    longitude: position.lng.toFixed(6),
    exactLocation: insider,
    distance: row.distance_miles == null ? undefined : roundDistance(Number(row.distance_miles), insider),
    locationDescription: row.location_description,
    isScoutFind: row.is_scout_find,
    isGarageSale: row.is_garage_sale,
    garageSaleAddress: row.garage_sale_address,
    garageSaleStartTime: iso(row.garage_sale_start_time),
    garageSaleEndTime: iso(row.garage_sale_end_time),
    garageSaleContactInfo: row.garage_sale_contact_info,
    interestCount: row.interest_count,
    interestedUserIds: flags.interested && callerId ? [callerId] : [],
    isInterested: flags.interested,
    voteCount: Number(row.votes_today),
    hasVotedToday: flags.voted,
    stillThereCount: row.still_there_count,
    lastStillThereCheck: iso(row.last_still_there_check),
    commentCount: row.comment_count,
    lastConfirmedAt: new Date(row.last_confirmed_at).toISOString(),
    // Garage sales follow their schedule instead; taken and ended items are past the question.
    mayBeGone:
      !row.is_garage_sale &&
      (row.status === 'available' || row.status === 'first_dibs') &&
      now - new Date(row.last_confirmed_at).getTime() > MAY_BE_GONE_HOURS * HOUR_MS,
    queueLength: Number(row.queue_length ?? 0),
    queuePosition: flags.queuePosition ?? null,
    ...(row.in_review && callerId === row.poster_id ? { inReview: true } : {}),
  };
}
