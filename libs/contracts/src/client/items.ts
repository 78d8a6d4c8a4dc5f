/**
 * The item side's constants, zod-free so the first screen can import them. The schemas in items/item.schemas.ts and
 * common/geo.ts build on these very values.
 */
export const ITEM_CATEGORIES = ['Furniture', 'Electronics', 'Clothing', 'Books', 'Household', 'Sports', 'Tools', 'Other'] as const;
export const GARAGE_SALE_CATEGORY = 'Garage Sale';
/** The garage-sale form's primary categories (spec §3), plus the generic "Garage Sale". */
export const GARAGE_SALE_CATEGORIES = [
  'Furniture',
  'Electronics',
  'Clothing',
  'Books',
  'Toys',
  'Kitchen',
  'Garden',
  'Sports',
  'Tools',
  'Antiques',
  'Other',
  GARAGE_SALE_CATEGORY,
] as const;
export const ITEM_STATUSES = ['available', 'claimed', 'first_dibs', 'expired', 'removed'] as const;
export const PRICING_TYPES = ['free', 'paid'] as const;
export const URGENCY_LABELS = ['Express Grab', 'Priority Pickup', 'Same Day', 'Flexible', 'No Rush'] as const;
export type UrgencyLabel = (typeof URGENCY_LABELS)[number];

export const MIN_REWARD_CENTS = 100;
export const MAX_REWARD_CENTS = 10_000;
export const MIN_TIME_LIMIT_HOURS = 1;
export const MAX_TIME_LIMIT_HOURS = 24;
export const SCOUT_FIND_HOURS = 24;
export const GARAGE_SALE_MIN_HOURS = 24;
export const GARAGE_SALE_MAX_HOURS = 168;
export const GARAGE_SALE_DEFAULT_HOURS = 72;
export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 500;
export const LOCATION_DESCRIPTION_MAX = 200;
export const COMMENT_MAX = 500;
export const FREE_COMMENTS_PER_MONTH = 5;
/**
 * Comments a member may post in any rolling hour, on every plan: "unlimited" paid comments are a month's worth of
 * conversation, not a flood of one neighbour's item (docs/product-rules.md, "Comments").
 */
export const COMMENTS_PER_HOUR = 30;
/** Edits of their comments a member may make in any rolling hour: each is read by the automated checks again. */
export const COMMENT_EDITS_PER_HOUR = 30;
/** The refusal of a garage sale whose end has passed (the form says it by the end field before posting). */
export const GARAGE_SALE_ENDED_MESSAGE = 'This garage sale has already ended';
/**
 * An account this old is established even unverified: reports of such members count toward review, and their votes
 * toward Top Finds and the voting prompt (docs/product-rules.md), because accounts made in a minute cost nothing.
 */
export const ESTABLISHED_ACCOUNT_MS = 24 * 3_600_000;
/** An established member: verified, or with an account older than ESTABLISHED_ACCOUNT_MS. */
export function isEstablishedMember(member: { isVerified: boolean; createdAt: string | Date }, now: number = Date.now()): boolean {
  return member.isVerified || now - new Date(member.createdAt).getTime() > ESTABLISHED_ACCOUNT_MS;
}
export const FEED_PAGE_MAX = 50;
export const FEED_KINDS = ['all', 'items', 'garage_sales'] as const;
export const REPORT_TYPES = ['spam', 'inappropriate', 'unsafe', 'fraud', 'duplicate', 'other'] as const;
export const REPORT_REQUIRED_MESSAGE = 'Please select a report type and provide a reason';
/** A first-dibs reservation holds an item this long (docs/product-rules.md). */
export const FIRST_DIBS_MINUTES = 30;
/** Holds a member may start in any rolling 24 hours (docs/product-rules.md, "Holds a day"). */
export const HOLDS_PER_DAY = 10;

export const EARTH_RADIUS_MILES = 3959;

/** Great-circle distance in miles (haversine on a sphere of EARTH_RADIUS_MILES). */
export function distanceMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}
export const SEARCH_RADII_MILES = [1, 2, 5, 10, 15, 25, 50, 100] as const;
export const MAX_RADIUS_MILES = 100;

/** Item photos: the multipart field and the 5 MB limit the gateway enforces while it streams. */
export const ITEM_PHOTO_FIELD = 'photo';
export const ITEM_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The messages the server answers with for bad item input, worded as the specs word them; forms show the same
 * words before anything is sent. A test parses bad input with the schemas and expects exactly these.
 */
export const ItemMessages = {
  titleRequired: 'Please enter a title for your item.',
  garageSaleTitleRequired: 'Title is required',
  titleTooLong: `Title must be under ${TITLE_MAX} characters`,
  descriptionTooLong: `Description must be under ${DESCRIPTION_MAX} characters`,
  categoryRequired: 'Category is required',
  rewardRange: 'Reward must be between $1 and $100',
  paidNeedsReward: 'Paid items need a reward between $1 and $100',
  rewardWholeDollars: 'Reward must be whole dollars between $1 and $100',
  timeLimitRange: 'Time limit must be between 1 and 24 hours',
  scoutNeedsPhoto: 'Scout finds need a photo',
  locationRequired: 'Location is required',
  fullAddressRequired: 'Full address is required',
  contactRequired: 'Contact information is required',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  garageSaleTooShort: 'Garage sales must be posted for at least 24 hours',
  garageSaleTooLong: 'Maximum 7 days',
  endAfterStart: 'The end must be after the start',
  commentEmpty: 'Please write something before posting',
  commentTooLong: `Comments must be under ${COMMENT_MAX} characters`,
  reportRequired: REPORT_REQUIRED_MESSAGE,
  pickupPhotoRequired: 'Photo required - Please upload a verification photo',
  imageTooLarge: 'Please select an image smaller than 5MB.',
} as const;

/** Urgency from the hours left until expiry (docs/product-rules.md). */
export function urgencyFor(hoursLeft: number): UrgencyLabel {
  if (hoursLeft <= 2) return 'Express Grab';
  if (hoursLeft <= 6) return 'Priority Pickup';
  if (hoursLeft <= 24) return 'Same Day';
  if (hoursLeft <= 72) return 'Flexible';
  return 'No Rush';
}
