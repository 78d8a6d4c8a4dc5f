import { randomUUID } from 'node:crypto';
import { EventEnvelope, Events } from '@curbside/contracts';
import { scriptedEvent, ScriptedService, startScriptedService } from '@curbside/testing';
import { rewardsService } from '../src/rewards.definition';

/**
 * The ledger must end the same whatever order events of different subjects arrive in (item.posted,
 * item.deleted, item.removed, item.claimed and user.* are separate durable consumers). A scripted history is
 * delivered in its natural order, then in seeded random interleavings; every end state must equal the first.
 * A failing order names its seed: REACTION_ORDER_SEED=<seed> replays it alone.
 */

const T0 = Date.parse('2026-11-20T15:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

const names = new Map<string, string>();
const id = (name: string) => {
  const value = randomUUID();
  names.set(value, name);
  return value;
};

const alice = id('alice');
const bob = id('bob');
const carol = id('carol');
const dave = id('dave');
const erin = id('erin');
const frank = id('frank');

const user = (userId: string, username: string, version: number, minutes: number, options: { tier?: 'free' | 'premium'; scoutMode?: boolean } = {}) =>
  scriptedEvent(
    version === 1 ? Events.userCreated.subject : Events.userUpdated.subject,
    {
      userId,
      username,
      subscriptionTier: options.tier ?? 'free',
      scoutMode: options.scoutMode ?? false,
      isVerified: false,
      isAdmin: false,
      notificationRadius: '2',
      notificationFlags: {},
      version,
    },
    at(minutes),
  );

interface Item {
  itemId: string;
  posterId: string;
}

const post = (item: Item, minutes: number, isScoutFind = false, posterTier: 'free' | 'premium' = 'free') =>
  scriptedEvent(
    Events.itemPosted.subject,
    {
      ...item,
      title: names.get(item.itemId) ?? 'item',
      category: 'Furniture',
      isScoutFind,
      isGarageSale: false,
      pricingType: 'free' as const,
      lat: 40.7,
      lng: -74,
      createdAt: at(minutes).toISOString(),
      timeZone: 'America/New_York',
      posterTier,
    },
    at(minutes),
  );
const del = (item: Item, minutes: number) => scriptedEvent(Events.itemDeleted.subject, { ...item, title: 'x' }, at(minutes));
const remove = (item: Item, minutes: number, reason: 'reported' | 'not_there') =>
  scriptedEvent(Events.itemRemoved.subject, { ...item, title: 'x', reason }, at(minutes));
const claim = (item: Item, claimerId: string, minutes: number) =>
  scriptedEvent(
    Events.itemClaimed.subject,
    {
      ...item,
      claimerId,
      title: 'x',
      pricingType: 'free' as const,
      customAmount: null,
      isScoutFind: false,
      claimedAt: at(minutes).toISOString(),
      claimerTier: 'free' as const,
    },
    at(minutes),
  );

const item = (name: string, posterId: string): Item => ({ itemId: id(name), posterId });
const quickDeleted = item('A quick-deleted', alice);
const reported = item('B scout find reported', alice);
const gone = item('C not there', alice);
const lateDeleted = item('D deleted after two hours', alice);
const twice = item('E deleted and reported', bob);
const carolsScout = item('F scout find reported', carol);
const davesOnly = item('G only post, deleted', dave);
const bobsKept = item('H kept', bob);

/** Natural order: as it happened. Withdrawals often follow their post within a minute, as in the issue. */
const history: EventEnvelope[] = [
  user(alice, 'alice', 1, -60),
  user(bob, 'bob', 1, -59),
  user(carol, 'carol', 1, -58),
  user(dave, 'dave', 1, -57),
  post(quickDeleted, 0),
  del(quickDeleted, 1),
  post(reported, 1, true),
  post(gone, 2),
  // Alice moves to Premium (1.5x) just before her fourth post: whenever either arrives, that post earns 15.
  user(alice, 'alice_renamed', 2, 2.5, { tier: 'premium' }),
  post(lateDeleted, 3, false, 'premium'),
  post(twice, 4),
  del(twice, 5),
  remove(twice, 6, 'reported'),
  post(carolsScout, 5, true),
  remove(carolsScout, 7, 'reported'),
  post(davesOnly, 8),
  del(davesOnly, 8),
  post(bobsKept, 9),
  user(bob, 'bob', 2, 10, { scoutMode: true }),
  claim(gone, bob, 60),
  claim(lateDeleted, carol, 61),
  claim(bobsKept, dave, 62),
  remove(reported, 180, 'reported'),
  remove(gone, 200, 'not_there'),
  del(lateDeleted, 300),
  user(bob, 'bob_renamed', 3, 301, { scoutMode: true }),
  // Eleven posts a day each. Erin deletes her first before posting the eleventh, which takes the freed slot;
  // Frank deletes his first after posting his eleventh, which stays uncredited. Delivered the other way round,
  // the ten must still be the same ten.
  user(erin, 'erin', 1, 90),
  user(frank, 'frank', 1, 90),
  ...dayOfPosts(erin, 100, 115),
  ...dayOfPosts(frank, 100, 125),
];

/** Ten posts a minute apart from `from`, the first deleted at `deleteAt`, an eleventh at 120. */
function dayOfPosts(posterId: string, from: number, deleteAt: number): EventEnvelope[] {
  const name = names.get(posterId) as string;
  const posts = Array.from({ length: 11 }, (_, i) => item(`${name} post ${i + 1}`, posterId));
  const events: EventEnvelope[] = posts.map((p, i) => post(p, i < 10 ? from + i : 120));
  events.push(del(posts[0], deleteAt));
  return events.sort((a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt));
}

describe('rewards reactions in any order', () => {
  let sut: ScriptedService;
  let natural: string;

  const endState = async () => {
    const q = (sql: string) => sut.service.runtime.dataSource.query(sql) as Promise<unknown[]>;
    const state = {
      ledger: await q(
        `SELECT user_id, reason, amount, item_id, local_date::text AS local_date,
                -- Which event completed a badge's rule, or which of two withdrawals of one post (deleted, then
                -- reported) came in first, may differ with the order; what they pay and take back may not.
                CASE WHEN reason LIKE 'badge:%' OR reason = 'post_reversal' THEN NULL ELSE source_event_id END AS cause
         FROM rewards.ledger_entries ORDER BY user_id, reason, item_id, amount`,
      ),
      balances: await q(
        `SELECT user_id, points, earned, version, ARRAY(SELECT unnest(badges) ORDER BY 1) AS badges FROM rewards.balances ORDER BY user_id`,
      ),
      badges: await q(`SELECT user_id, badge FROM rewards.user_badges ORDER BY user_id, badge`),
      stats: await q(`SELECT * FROM rewards.user_stats ORDER BY user_id`),
      days: await q(`SELECT user_id, local_date::text AS local_date, credited FROM rewards.post_days ORDER BY user_id, local_date`),
      claimedFrom: await q(`SELECT * FROM rewards.claimed_from ORDER BY user_id, poster_id`),
      members: await q(`SELECT user_id, tier, username, scout_mode, version FROM rewards.members ORDER BY user_id`),
      uncredited: await q(`SELECT item_id FROM rewards.uncredited_posts ORDER BY item_id`),
    };
    // Names instead of ids, so a difference reads as the story.
    return JSON.stringify(state, null, 1).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (u) => names.get(u) ?? u);
  };

  beforeAll(async () => {
    sut = await startScriptedService(rewardsService);
    await sut.deliver(history);
    natural = await endState();
  });
  afterAll(() => sut?.stop());

  it('in the natural order, takes back only the posts withdrawn by the rules', () => {
    const { balances } = JSON.parse(natural) as { balances: { user_id: string; points: number; earned: number; badges: string[] }[] };
    expect(Object.fromEntries(balances.map(({ user_id, points, earned, badges }) => [user_id, { points, earned, badges }]))).toEqual({
      // A, B reversed (10 + 25 back); C (10) and D (15, on Premium) stand; badges First Post (10) and Scout (25) stay.
      alice: { points: 10 + 15 + 35, earned: 60, badges: ['First Post Badge', 'Scout Badge'] },
      // E reversed once; H stands; +5 for claiming C, +15 Community Helper.
      bob: { points: 10 + 10 + 5 + 15, earned: 40, badges: ['Community Helper', 'First Post Badge'] },
      // F reversed: only its badges stand. Claimed D (+5, +15).
      carol: { points: 10 + 25 + 5 + 15, earned: 55, badges: ['Community Helper', 'First Post Badge', 'Scout Badge'] },
      // G deleted within the hour: its First Post bonus stands. Claimed H (+5, +15).
      dave: { points: 10 + 5 + 15, earned: 30, badges: ['Community Helper', 'First Post Badge'] },
      // Ten credited (the first reversed, the eleventh in its slot) and the First Post bonus.
      erin: { points: 100 + 10, earned: 110, badges: ['First Post Badge'] },
      // Nine credited: the eleventh came while the ten were taken.
      frank: { points: 90 + 10, earned: 100, badges: ['First Post Badge'] },
    });
  });

  const seeds = process.env.REACTION_ORDER_SEED
    ? [Number(process.env.REACTION_ORDER_SEED)]
    : [...Array.from({ length: 15 }, (_, i) => i + 1), Math.floor(Math.random() * 2 ** 31)];

  it.each(seeds)('ends the same in the order of seed %i', async (seed) => {
    await sut.reset();
    await sut.deliver(history, seed);
    expect(await endState()).toEqual(natural);
  });
});
