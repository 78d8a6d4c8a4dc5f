/** An item as the read queries return it: the row, its poster's name and rank, and today's votes. */
export interface ItemRow {
  id: string;
  poster_id: string;
  title: string;
  description: string;
  category: string;
  image_url: string | null;
  status: string;
  claimed_by_id: string | null;
  reserved_by_id: string | null;
  reserved_until: Date | null;
  pricing_type: 'free' | 'paid';
  custom_amount: number | null;
  time_limit: number;
  expires_at: Date;
  created_at: Date;
  /** The exact spot: only the poster and the neighbour holding the item see it. */
  lat: number;
  lng: number;
  /** What everybody else sees and searches by (migration 1763800000303: 75–150 m off, fixed per item). */
  public_lat: number;
  public_lng: number;
  location_description: string | null;
  is_scout_find: boolean;
  is_garage_sale: boolean;
  garage_sale_address: string | null;
  garage_sale_start_time: Date | null;
  garage_sale_end_time: Date | null;
  garage_sale_contact_info: string | null;
  interest_count: number;
  still_there_count: number;
  last_still_there_check: Date | null;
  comment_count: number;
  votes_today: number;
  poster_username: string | null;
  poster_rank: string | null;
  claimer_username: string | null;
  last_confirmed_at: Date;
  /** Members in line behind the hold (0 unless held). */
  queue_length: number;
  distance_miles?: number;
  /** The item's IANA time zone. */
  time_zone: string;
  /** In pending review (docs/product-rules.md, Moderation): only its poster sees it. */
  in_review: boolean;
}

/** What the caller has done to an item today: shown as hasVotedToday / isInterested. */
export interface ViewerFlags {
  voted: boolean;
  interested: boolean;
  /** The caller's place in the item's queue, null when not in it. */
  queuePosition?: number | null;
}

/** The columns viewerFlagColumns adds to a row. */
export interface ViewerFlagRow {
  voted: boolean;
  interested: boolean;
  /** 0 when the caller is not in the item's queue. */
  queue_position: number;
}

/**
 * What the caller (the uuid parameter `caller`, e.g. `$5`) did to the item `alias`: the one definition for the lists'
 * own statements, which say it with their rows, and ItemsRepository.viewerFlags, which asks it for rows read before.
 */
export function viewerFlagColumns(alias: string, caller: string): string {
  return `CASE WHEN ${alias}.status = 'first_dibs' THEN (SELECT count(*)::int FROM items.item_queue a JOIN items.item_queue mine
      ON mine.item_id = a.item_id AND mine.user_id = ${caller}::uuid AND a.position <= mine.position WHERE a.item_id = ${alias}.id) ELSE 0 END AS queue_position,
    EXISTS (SELECT 1 FROM items.votes v WHERE v.item_id = ${alias}.id AND v.user_id = ${caller}::uuid
              AND v.local_date = (now() AT TIME ZONE ${alias}.time_zone)::date) AS voted,
    EXISTS (SELECT 1 FROM items.interests x WHERE x.item_id = ${alias}.id AND x.user_id = ${caller}::uuid) AS interested`;
}

/** The flags of a row that viewerFlagColumns added to; a row without them (an anonymous reader's) has none set. */
export const flagsOf = (row: Partial<ViewerFlagRow>): ViewerFlags => ({
  voted: row.voted === true,
  interested: row.interested === true,
  queuePosition: row.queue_position || null,
});

/**
 * The columns every item view selects from `items.items` (alias given) with the poster read model: one
 * definition for the feed, top finds, similar items, a user's items and a single item.
 */
export function itemViewColumns(alias: string): string {
  return `${alias}.id, ${alias}.poster_id, ${alias}.title, ${alias}.description, ${alias}.category, ${alias}.image_url,
    ${alias}.status, ${alias}.claimed_by_id, ${alias}.reserved_by_id, ${alias}.reserved_until, ${alias}.pricing_type,
    ${alias}.custom_amount, ${alias}.time_limit, ${alias}.expires_at, ${alias}.created_at, ${alias}.lat, ${alias}.lng,
    ${alias}.public_lat, ${alias}.public_lng,
    ${alias}.location_description, ${alias}.is_scout_find, ${alias}.is_garage_sale, ${alias}.garage_sale_address,
    ${alias}.garage_sale_start_time, ${alias}.garage_sale_end_time, ${alias}.garage_sale_contact_info,
    ${alias}.interest_count, ${alias}.still_there_count, ${alias}.last_still_there_check, ${alias}.comment_count, ${alias}.last_confirmed_at,
    ${alias}.time_zone, ${alias}.in_review,
    CASE WHEN ${alias}.votes_date = (now() AT TIME ZONE ${alias}.time_zone)::date THEN ${alias}.vote_count ELSE 0 END AS votes_today,
    p.username AS poster_username, p.rank AS poster_rank, c.username AS claimer_username,
    CASE WHEN ${alias}.status = 'first_dibs' THEN (SELECT count(*)::int FROM items.item_queue q WHERE q.item_id = ${alias}.id) ELSE 0 END AS queue_length`;
}

export function posterJoins(alias: string): string {
  return `LEFT JOIN items.posters p ON p.user_id = ${alias}.poster_id
    LEFT JOIN items.posters c ON c.user_id = ${alias}.claimed_by_id`;
}
