import { randomUUID } from 'node:crypto';
import { EventEnvelope, Events } from '@curbside/contracts';
import { scriptedEvent, ScriptedService, startScriptedService } from '@curbside/testing';
import { FinalisePendingPointsScheduler } from '../src/ledger/finalise-pending-points.scheduler';
import { rewardsService } from '../src/rewards.definition';

/**
 * The ledger must end the same whatever order events of different subjects arrive in (item.posted,
 * item.deleted, item.removed, item.claimed, item.still-there and user.* are separate durable consumers). A scripted
 * history is delivered in its natural order, then in seeded random interleavings, and the six-hour sweep runs after
 * it; every end state must equal the first. A failing order names its seed: REACTION_ORDER_SEED=<seed> replays it.
 */

// An hour ago, so that no post's six hours have passed by the clock while the history is delivered (the service's
// own sweep runs every minute); the test's sweep then runs at T0 + 9 h. The items' time zone puts T0 at 06:00 local,
// so the day's eleven posts (T0 + 100 … 125 min) fall on one local day whenever the test runs.
const T0 = Math.floor((Date.now() - 60 * 60_000) / 60_000) * 60_000;
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const TIME_ZONE = (() => {
  let offset = 6 - new Date(T0).getUTCHours();
  if (offset < -12) offset += 24;
  if (offset > 14) offset -= 24;
  // Etc/GMT-5 is five hours ahead of UTC (POSIX signs).
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
})();

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
const gina = id('gina');
const hana = id('hana');

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
      timeZone: TIME_ZONE,
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

const stillThere = (item: Item, confirmerId: string, minutes: number, verified: boolean) =>
  scriptedEvent(Events.itemStillThere.subject, { ...item, confirmerId, verified, confirmedAt: at(minutes).toISOString() }, at(minutes));

const item = (name: string, posterId: string): Item => ({ itemId: id(name), posterId });
const quickDeleted = item('A quick-deleted', alice);
const reported = item('B scout find reported', alice);
const gone = item('C not there', alice);
const lateDeleted = item('D deleted after two hours', alice);
const twice = item('E deleted and reported', bob);
const carolsScout = item('F scout find reported', carol);
const davesOnly = item('G only post, deleted', dave);
const bobsKept = item('H kept', bob);
const confirmedThenDeleted = item('I still there, then deleted', carol);
const reportedLate = item('J reported after its six hours', dave);
const pendingLateDeleted = item('K deleted after its hour, still pending', gina);
const pendingGone = item('L not there while pending', gina);
const confirmedThenLateDeleted = item('M still there, then deleted after its hour', gina);

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
  post(reportedLate, 11),
  post(confirmedThenDeleted, 20),
  // A verified member's "still there" makes H and I final; an unverified one's changes nothing for B.
  stillThere(bobsKept, alice, 30, true),
  stillThere(confirmedThenDeleted, dave, 30, true),
  del(confirmedThenDeleted, 40),
  stillThere(reported, carol, 50, false),
  claim(gone, bob, 60),
  claim(lateDeleted, carol, 61),
  claim(bobsKept, dave, 62),
  remove(reported, 180, 'reported'),
  remove(gone, 200, 'not_there'),
  del(lateDeleted, 300),
  user(bob, 'bob_renamed', 3, 301, { scoutMode: true }),
  // J's six hours ended at 371: its points were final, so the removal takes them back (its First Post bonus stays).
  remove(reportedLate, 400, 'reported'),
  // Eleven posts a day each. Erin deletes her first before posting the eleventh, which takes the freed slot;
  // Frank deletes his first after posting his eleventh, which stays uncredited. Delivered the other way round,
  // the ten must still be the same ten.
  user(erin, 'erin', 1, 90),
  user(frank, 'frank', 1, 90),
  ...dayOfPosts(erin, 100, 115),
  ...dayOfPosts(frank, 100, 125),
  // Withdrawn while pending, whatever the kind and however late: K and L never count. M was final by the "still
  // there" before its deletion after the hour: it stays. Hana deletes her first post after its hour, while pending:
  // it never counts, and its slot stays taken, so her eleventh (after the deletion) earns nothing.
  user(gina, 'gina', 1, 11),
  post(pendingLateDeleted, 12),
  post(pendingGone, 13),
  post(confirmedThenLateDeleted, 14),
  stillThere(confirmedThenLateDeleted, alice, 70, true),
  del(pendingLateDeleted, 100),
  del(confirmedThenLateDeleted, 120),
  remove(pendingGone, 150, 'not_there'),
  user(hana, 'hana', 1, 90),
  ...dayOfPosts(hana, 100, 170, 180),
];

/** Ten posts a minute apart from `from`, the first deleted at `deleteAt`, an eleventh at `eleventhAt`. */
function dayOfPosts(posterId: string, from: number, deleteAt: number, eleventhAt = 120): EventEnvelope[] {
  const name = names.get(posterId) as string;
  const posts = Array.from({ length: 11 }, (_, i) => item(`${name} post ${i + 1}`, posterId));
  const events: EventEnvelope[] = posts.map((p, i) => post(p, i < 10 ? from + i : eleventhAt));
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
        `SELECT user_id, points, coalesce((SELECT pending FROM rewards.pending_balances p WHERE p.user_id = b.user_id), 0) AS pending, earned, version,
                ARRAY(SELECT unnest(badges) ORDER BY 1) AS badges FROM rewards.balances b ORDER BY user_id`,
      ),
      // Which of two withdrawals voided a pending credit may differ with the order; that one did, may not.
      pendingCredits: await q(`SELECT item_id, user_id, amount, withdrawn_at IS NOT NULL AS withdrawn FROM rewards.pending_credits ORDER BY item_id`),
      confirmations: await q(`SELECT item_id, confirmed_at FROM rewards.item_confirmations ORDER BY item_id`),
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

  /** The history, then the six-hour sweep at T0 + 9 h (every post of the history is six hours old by then). */
  const run = async (seed?: number) => {
    await sut.deliver(history, seed);
    await sut.service.app.get(FinalisePendingPointsScheduler, { strict: false }).sweep(at(9 * 60));
    await sut.deliver([], seed);
  };

  beforeAll(async () => {
    sut = await startScriptedService(rewardsService);
    await run();
    natural = await endState();
  });
  afterAll(() => sut?.stop());

  it('in the natural order, takes back only the posts withdrawn by the rules', () => {
    const { balances } = JSON.parse(natural) as { balances: { user_id: string; points: number; pending: number; earned: number; badges: string[] }[] };
    expect(Object.fromEntries(balances.map(({ user_id, points, pending, earned, badges }) => [user_id, { points, pending, earned, badges }]))).toEqual({
      // A and B withdrawn while pending: they never counted (no Scout Badge). C (10, picked up at 60) and D (15, on
      // Premium, picked up at 61) became final; First Post (10).
      alice: { points: 10 + 15 + 10, pending: 0, earned: 35, badges: ['First Post Badge'] },
      // E withdrawn while pending; H final by Alice's "still there" (10, First Post 10); +5 for claiming C, +15 Community Helper.
      bob: { points: 10 + 10 + 5 + 15, pending: 0, earned: 40, badges: ['Community Helper', 'First Post Badge'] },
      // F withdrawn while pending. I confirmed by Dave's "still there" within its first hour, so not final yet, and
      // deleted within that hour: voided, it never counted (no First Post). Claimed D (+5, +15).
      carol: { points: 5 + 15, pending: 0, earned: 20, badges: ['Community Helper'] },
      // G withdrawn while pending. J final at its six hours (10, First Post 10), reported after them (−10). Claimed H (+5, +15).
      dave: { points: 10 + 10 - 10 + 5 + 15, pending: 0, earned: 30, badges: ['Community Helper', 'First Post Badge'] },
      // Ten final at their six hours (the first withdrawn while pending, the eleventh in its slot) and the First Post bonus.
      erin: { points: 100 + 10, pending: 0, earned: 110, badges: ['First Post Badge'] },
      // Nine: the eleventh came while the ten were taken.
      frank: { points: 90 + 10, pending: 0, earned: 100, badges: ['First Post Badge'] },
      // K and L voided while pending; M final (10) with the First Post bonus (10).
      gina: { points: 10 + 10, pending: 0, earned: 20, badges: ['First Post Badge'] },
      // Nine: the first voided while pending kept its slot, so the eleventh found the ten taken.
      hana: { points: 90 + 10, pending: 0, earned: 100, badges: ['First Post Badge'] },
    });
  });

  const seeds = process.env.REACTION_ORDER_SEED
    ? [Number(process.env.REACTION_ORDER_SEED)]
    : [...Array.from({ length: 15 }, (_, i) => i + 1), Math.floor(Math.random() * 2 ** 31)];

  it.each(seeds)('ends the same in the order of seed %i', async (seed) => {
    await sut.reset();
    await run(seed);
    expect(await endState()).toEqual(natural);
  });
});
