import { ITEM_PHOTO_URL, THUMBNAIL_SUFFIX, URGENCY_BANDS, URGENCY_PAST_BANDS } from '@curbside/contracts';

/** A curb item nobody confirmed for this long may be gone (docs/product-rules.md, "Freshness"). */
export const MAY_BE_GONE_HOURS = 12;
/** Who a poster is until the users service's event reaches us: a brand-new poster shows a neutral name. */
const PLACEHOLDER_NAME = 'Neighbour';
const PLACEHOLDER_RANK = 'Newbie';

/** An item's own columns as findView reads them back: what its events and the checks on it read. */
export interface ItemRow {
  id: string;
  poster_id: string;
  title: string;
  description: string;
  category: string;
  status: string;
  pricing_type: 'free' | 'paid';
  created_at: Date;
  /** The exact spot: only the poster and the neighbour holding the item see it. */
  lat: number;
  lng: number;
  /** What everybody else sees and searches by (migration 1763800000303: 75–150 m off, fixed per item). */
  public_lat: number;
  public_lng: number;
  is_scout_find: boolean;
  is_garage_sale: boolean;
  /** The item's IANA time zone. */
  time_zone: string;
  /** In pending review (docs/product-rules.md, Moderation): only its poster sees it. */
  in_review: boolean;
}

/** An item as a list or a read returns it: what the service still decides on, and the API's Item as JSON text. */
export interface ItemJsonRow {
  id: string;
  poster_id: string;
  in_review: boolean;
  /** The Item (itemJsonColumns) without the keys item.mapper.ts adds: `inReview` and `spotlight`. */
  item_json: string;
}

/** The item's own columns of ItemRow, from `items.items` under `alias`. */
export function itemRowColumns(alias: string): string {
  return `${alias}.id, ${alias}.poster_id, ${alias}.title, ${alias}.description, ${alias}.category, ${alias}.status, ${alias}.pricing_type,
    ${alias}.created_at, ${alias}.lat, ${alias}.lng, ${alias}.public_lat, ${alias}.public_lng, ${alias}.is_scout_find, ${alias}.is_garage_sale,
    ${alias}.time_zone, ${alias}.in_review`;
}

/** Whom an item view is for, and what the statement knows beside the item. */
export interface ItemView {
  /** The signed-in reader as a uuid parameter of the statement (e.g. `$5`); none for an anonymous one. */
  caller?: string;
  /** The distance from the searcher in miles, as an expression of the statement; none: the view has no `distance`. */
  distanceMiles?: string;
}

/** An ISO 8601 instant in UTC with milliseconds, as JavaScript's toISOString writes it (null stays null). */
const isoText = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A constant of ours as an SQL string literal. */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The API's Item for the reader, written by PostgreSQL as JSON text (`item_json`), beside the row's `id`, `poster_id`
 * and `in_review`: the one definition of what a reader sees of an item, for every list and read. Building the page in
 * the database costs it less than the rows' 45 columns cost the items service to parse, map and serialise again
 * (bench/README.md, "The item's JSON written by PostgreSQL"). The statement joins the posters as posterJoins(alias)
 * does. Coordinates and the reservation are exact only for the poster and the neighbour holding the item; everyone
 * else gets the public position and a distance in tenths of a mile, since a precise distance from a known position
 * would undo the blur. Coordinates are written with six decimals, timestamps as toISOString writes them. Urgency and
 * "may be gone" are as of the statement (statement_timestamp(): an item read back in the transaction that posted it
 * is read after it was written, as now() would not have it).
 */
export function itemJsonColumns(alias: string, view: ItemView): string {
  const a = alias;
  const caller = view.caller ? `${view.caller}::uuid` : undefined;
  // The caller's own flags and their place in the queue, as of the item's local today (votes).
  const insider = caller ? `coalesce(${caller} = ${a}.poster_id OR ${caller} = coalesce(${a}.claimed_by_id, ${a}.reserved_by_id), false)` : 'false';
  const voted = caller
    ? `EXISTS (SELECT 1 FROM items.votes v WHERE v.item_id = ${a}.id AND v.user_id = ${caller} AND v.local_date = (now() AT TIME ZONE ${a}.time_zone)::date)`
    : 'false';
  const interested = caller ? `EXISTS (SELECT 1 FROM items.interests x WHERE x.item_id = ${a}.id AND x.user_id = ${caller})` : 'false';
  const queuePosition = caller
    ? `CASE WHEN ${a}.status = 'first_dibs' THEN (SELECT nullif(count(*)::int, 0) FROM items.item_queue q JOIN items.item_queue mine
         ON mine.item_id = q.item_id AND mine.user_id = ${caller} AND q.position <= mine.position WHERE q.item_id = ${a}.id) END`
    : 'NULL::int';
  const urgency = `CASE ${URGENCY_BANDS.map(([hours, label]) => `WHEN ${a}.expires_at <= statement_timestamp() + make_interval(hours => ${hours}) THEN ${literal(label)}`).join(' ')}
         ELSE ${literal(URGENCY_PAST_BANDS)} END`;
  const distance = view.distanceMiles
    ? `,\n         floor((${view.distanceMiles}) * CASE WHEN ${insider} THEN 100 ELSE 10 END + 0.5) / CASE WHEN ${insider} THEN 100 ELSE 10 END AS "distance"`
    : '';
  return `${a}.id, ${a}.poster_id, ${a}.in_review, (SELECT row_to_json(v)::text FROM (SELECT
         ${a}.id AS "id", ${a}.title AS "title", ${a}.description AS "description", ${a}.category AS "category", ${a}.image_url AS "imageUrl",
         CASE WHEN ${a}.image_url ~ ${literal(ITEM_PHOTO_URL.source)} THEN regexp_replace(${a}.image_url, '\\.webp$', ${literal(THUMBNAIL_SUFFIX)}) END AS "thumbnailUrl",
         ${a}.status AS "status", ${a}.poster_id AS "posterId",
         (SELECT row_to_json(o) FROM (SELECT ${a}.poster_id AS "id", coalesce(p.username, ${literal(PLACEHOLDER_NAME)}) AS "username",
           coalesce(p.rank, ${literal(PLACEHOLDER_RANK)}) AS "rank") o) AS "poster",
         CASE WHEN ${a}.claimed_by_id IS NOT NULL THEN coalesce(c.username, ${literal(PLACEHOLDER_NAME)}) END AS "claimedBy", ${a}.claimed_by_id AS "claimedById",
         CASE WHEN ${insider} THEN ${a}.reserved_by_id END AS "reservedById", CASE WHEN ${insider} THEN ${isoText(`${a}.reserved_until`)} END AS "reservedUntil",
         ${a}.pricing_type AS "pricingType", ${a}.custom_amount AS "customAmount", ${a}.time_limit AS "timeLimit",
         ${isoText(`${a}.expires_at`)} AS "expiresAt", ${isoText(`${a}.created_at`)} AS "createdAt", ${urgency} AS "urgency",
         to_char(CASE WHEN ${insider} THEN ${a}.lat ELSE ${a}.public_lat END, 'FM9990.000000') AS "latitude",
         to_char(CASE WHEN ${insider} THEN ${a}.lng ELSE ${a}.public_lng END, 'FM9990.000000') AS "longitude",
         ${insider} AS "exactLocation"${distance},
         ${a}.location_description AS "locationDescription", ${a}.is_scout_find AS "isScoutFind", ${a}.is_garage_sale AS "isGarageSale",
         ${a}.garage_sale_address AS "garageSaleAddress", ${isoText(`${a}.garage_sale_start_time`)} AS "garageSaleStartTime",
         ${isoText(`${a}.garage_sale_end_time`)} AS "garageSaleEndTime", ${a}.garage_sale_contact_info AS "garageSaleContactInfo",
         ${a}.interest_count AS "interestCount",
         CASE WHEN ${interested} THEN json_build_array(${caller ?? 'NULL'}) ELSE '[]'::json END AS "interestedUserIds", ${interested} AS "isInterested",
         CASE WHEN ${a}.votes_date = (now() AT TIME ZONE ${a}.time_zone)::date THEN ${a}.vote_count ELSE 0 END AS "voteCount", ${voted} AS "hasVotedToday",
         ${a}.still_there_count AS "stillThereCount", ${isoText(`${a}.last_still_there_check`)} AS "lastStillThereCheck",
         ${a}.comment_count AS "commentCount", ${isoText(`${a}.last_confirmed_at`)} AS "lastConfirmedAt",
         (NOT ${a}.is_garage_sale AND ${a}.status IN ('available', 'first_dibs')
           AND ${a}.last_confirmed_at < statement_timestamp() - make_interval(hours => ${MAY_BE_GONE_HOURS})) AS "mayBeGone",
         CASE WHEN ${a}.status = 'first_dibs' THEN (SELECT count(*)::int FROM items.item_queue q WHERE q.item_id = ${a}.id) ELSE 0 END AS "queueLength",
         ${queuePosition} AS "queuePosition") v) AS item_json`;
}

export function posterJoins(alias: string): string {
  return `LEFT JOIN items.posters p ON p.user_id = ${alias}.poster_id
    LEFT JOIN items.posters c ON c.user_id = ${alias}.claimed_by_id`;
}
