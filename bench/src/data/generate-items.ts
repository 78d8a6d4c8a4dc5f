import { RANK_NAMES, RankName } from '@curbside/contracts';
import { CONTINENTAL_BOUNDS, CONTINENTAL_US, insidePolygon, METROS, MILES_PER_DEGREE_LAT } from './geography';
import { Prng } from './prng';

export const CATEGORIES = ['Furniture', 'Electronics', 'Clothing', 'Books', 'Household', 'Sports', 'Tools', 'Other'] as const;
export type Category = (typeof CATEGORIES)[number];

const THINGS: Record<Category, readonly string[]> = {
  Furniture: ['dining chair', 'bookshelf', 'leather sofa', 'coffee table', 'office desk', 'bed frame', 'dresser', 'nightstand', 'futon', 'bar stools'],
  Electronics: ['television', 'desk lamp', 'microwave', 'printer', 'computer monitor', 'stereo speakers', 'router', 'space heater', 'DVD player', 'keyboard'],
  Clothing: ['winter coat', 'box of kids clothes', 'running shoes', 'denim jacket', 'wool sweaters', 'rain boots', 'costume', 'work shirts', 'scarves', 'baby onesies'],
  Books: ['box of paperbacks', 'cookbooks', 'textbooks', "children's books", 'encyclopedia set', 'comics', 'travel guides', 'sci-fi novels', 'magazines', 'board books'],
  Household: ['dish set', 'pots and pans', 'picture frames', 'mirror', 'curtains', 'storage bins', 'vacuum cleaner', 'rug', 'plant pots', 'laundry basket'],
  Sports: ['bicycle', 'skateboard', 'yoga mat', 'dumbbells', 'tennis rackets', 'golf clubs', 'kayak paddle', 'basketball hoop', 'treadmill', 'ski boots'],
  Tools: ['lawn mower', 'toolbox', 'ladder', 'power drill', 'garden hose', 'wheelbarrow', 'snow shovel', 'paint supplies', 'workbench', 'rake'],
  Other: ['moving boxes', 'firewood', 'fish tank', 'piano', 'pet carrier', 'tree stand', 'suitcase', 'art supplies', 'bricks', 'planters'],
};
const CONDITIONS = ['Gently used', 'Vintage', 'Like-new', 'Slightly worn', 'Sturdy', 'Working', 'Large', 'Small', 'Old but fine', 'Barely used'];
const NOTES = [
  'Left at the curb, first come first served.',
  'Works fine, we are moving.',
  'Some scratches, otherwise good.',
  'Please take it before the weekend.',
  'Free to a good home.',
  'On the porch, just ring if you want help carrying it.',
];
/** Most neighbours are new; a few have climbed the ranks. */
const RANK_WEIGHTS = [60, 20, 10, 5, 3, 2];

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface DatasetShape {
  /** Share of items clustered around METROS (the rest is spread over the continental US). */
  clusteredShare: number;
  claimedShare: number;
  expiredShare: number;
  paidShare: number;
  scoutFindShare: number;
  createdWithinDays: number;
}

export const DEFAULT_SHAPE: DatasetShape = {
  clusteredShare: 0.7,
  claimedShare: 0.1,
  expiredShare: 0.12,
  paidShare: 0.15,
  scoutFindShare: 0.05,
  createdWithinDays: 30,
};

export interface DatasetOptions {
  items: number;
  posters: number;
  seed: string;
  /** Timestamps are offsets from this instant (the offsets are what the seed fixes). */
  now: Date;
  shape?: DatasetShape;
}

export interface Poster {
  userId: string;
  username: string;
  rank: RankName;
}

/** One batch of items, column by column, ready for `INSERT … SELECT FROM unnest($1::uuid[], …)`. */
export interface ItemBatch {
  id: string[];
  posterId: string[];
  title: string[];
  description: string[];
  category: string[];
  status: string[];
  /** As the app's expiry sweep leaves an item whose time is up: off the feed. */
  listed: boolean[];
  claimedById: (string | null)[];
  pricingType: string[];
  customAmount: (number | null)[];
  timeLimit: number[];
  expiresAt: string[];
  createdAt: string[];
  lat: number[];
  lng: number[];
  isScoutFind: boolean[];
}

export interface DatasetStats {
  items: number;
  clustered: number;
  scattered: number;
  claimed: number;
  expired: number;
  paid: number;
  byMetro: Record<string, number>;
}

function emptyBatch(): ItemBatch {
  return {
    id: [], posterId: [], title: [], description: [], category: [], status: [], listed: [], claimedById: [], pricingType: [],
    customAmount: [], timeLimit: [], expiresAt: [], createdAt: [], lat: [], lng: [], isScoutFind: [],
  };
}

export function batchLength(batch: ItemBatch): number {
  return batch.id.length;
}

/** The poster pool: its own PRNG stream, so it does not depend on how many items are drawn. */
export function generatePosters(options: Pick<DatasetOptions, 'posters' | 'seed'>): Poster[] {
  const prng = new Prng(`${options.seed}:posters`);
  const posters: Poster[] = [];
  for (let i = 0; i < options.posters; i++) {
    posters.push({
      userId: prng.uuid(),
      username: `neighbour_${String(i + 1).padStart(5, '0')}`,
      rank: RANK_NAMES[prng.weightedIndex(RANK_WEIGHTS)],
    });
  }
  return posters;
}

function clusteredPosition(prng: Prng, metroWeights: readonly number[]): { lat: number; lng: number; metro: string } {
  const metro = METROS[prng.weightedIndex(metroWeights)];
  const dLat = (prng.gaussian() * metro.spreadMiles) / MILES_PER_DEGREE_LAT;
  const dLng = (prng.gaussian() * metro.spreadMiles) / (MILES_PER_DEGREE_LAT * Math.cos((metro.lat * Math.PI) / 180));
  return { lat: metro.lat + dLat, lng: metro.lng + dLng, metro: metro.name };
}

function scatteredPosition(prng: Prng): { lat: number; lng: number } {
  const b = CONTINENTAL_BOUNDS;
  for (;;) {
    // Uniform over the sphere's surface within the box: sin(lat) is uniform, not lat.
    const s = prng.uniform(Math.sin((b.minLat * Math.PI) / 180), Math.sin((b.maxLat * Math.PI) / 180));
    const lat = (Math.asin(s) * 180) / Math.PI;
    const lng = prng.uniform(b.minLng, b.maxLng);
    if (insidePolygon(lng, lat, CONTINENTAL_US)) return { lat, lng };
  }
}

/**
 * Deterministic items, drawn one after the other from one PRNG stream (so the batch size changes nothing).
 * `stats` is filled as batches are drawn.
 */
export function* generateItemBatches(options: DatasetOptions, posters: readonly Poster[], batchSize: number, stats?: DatasetStats): Generator<ItemBatch> {
  if (posters.length < 2) throw new Error('the poster pool needs at least two posters');
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error(`batch size must be a positive integer, got ${batchSize}`);
  const shape = options.shape ?? DEFAULT_SHAPE;
  const prng = new Prng(`${options.seed}:items`);
  const metroWeights = METROS.map((m) => m.weight);
  const now = options.now.getTime();
  let batch = emptyBatch();
  for (let i = 0; i < options.items; i++) {
    let position: { lat: number; lng: number };
    if (prng.chance(shape.clusteredShare)) {
      const clustered = clusteredPosition(prng, metroWeights);
      position = clustered;
      if (stats) {
        stats.clustered++;
        stats.byMetro[clustered.metro] = (stats.byMetro[clustered.metro] ?? 0) + 1;
      }
    } else {
      position = scatteredPosition(prng);
      if (stats) stats.scattered++;
    }
    const category = prng.pick(CATEGORIES);
    const title = `${prng.pick(CONDITIONS)} ${prng.pick(THINGS[category])}`;
    const posterIndex = prng.int(0, posters.length - 1);
    const claimed = prng.chance(shape.claimedShare);
    let claimerIndex = prng.int(0, posters.length - 2);
    if (claimerIndex >= posterIndex) claimerIndex++;
    const paid = prng.chance(shape.paidShare);
    const amount = prng.int(1, 100) * 100;
    const expired = prng.chance(shape.expiredShare);
    // Expired items were posted at least 2 h ago and ran out at least 1 h ago; live ones run out 1 h to 14 days
    // from now. Nothing crosses its expiry during a run of under an hour, so answers stay comparable.
    const createdAgo = expired
      ? prng.uniform(2 * HOUR_MS, shape.createdWithinDays * DAY_MS)
      : prng.uniform(0, shape.createdWithinDays * DAY_MS);
    const expiresAt = expired ? now - prng.uniform(HOUR_MS, createdAgo - HOUR_MS) : now + prng.uniform(HOUR_MS, 14 * DAY_MS);

    batch.id.push(prng.uuid());
    batch.posterId.push(posters[posterIndex].userId);
    batch.title.push(title);
    batch.description.push(`${title}. ${prng.pick(NOTES)}`);
    batch.category.push(category);
    // Seeded as the app's expiry sweep (services/items/src/expiry) would have left them, so that a run does not
    // start with the sweep of every expired item (12 % of them) under way beside what it measures.
    batch.status.push(claimed ? 'claimed' : expired ? 'expired' : 'available');
    batch.listed.push(!expired);
    batch.claimedById.push(claimed ? posters[claimerIndex].userId : null);
    batch.pricingType.push(paid ? 'paid' : 'free');
    batch.customAmount.push(paid ? amount : null);
    batch.timeLimit.push(prng.int(1, 24));
    batch.expiresAt.push(new Date(expiresAt).toISOString());
    batch.createdAt.push(new Date(now - createdAgo).toISOString());
    batch.lat.push(position.lat);
    batch.lng.push(position.lng);
    batch.isScoutFind.push(prng.chance(shape.scoutFindShare));
    if (stats) {
      stats.items++;
      if (claimed) stats.claimed++;
      if (expired) stats.expired++;
      if (paid) stats.paid++;
    }
    if (batchLength(batch) === batchSize) {
      yield batch;
      batch = emptyBatch();
    }
  }
  if (batchLength(batch) > 0) yield batch;
}

export function emptyStats(): DatasetStats {
  return { items: 0, clustered: 0, scattered: 0, claimed: 0, expired: 0, paid: 0, byMetro: {} };
}
