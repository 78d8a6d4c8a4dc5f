import { randomUUID } from 'node:crypto';
import { EventEnvelope, Events, RankName } from '@curbside/contracts';
import { scriptedEvent, ScriptedService, startScriptedService } from '@curbside/testing';
import { itemsService } from '../src/items.definition';

/**
 * Items keeps each member's name, plan, verification and scout mode (user.created, user.updated) and rank
 * (points.awarded) beside its items. Those events come on three subjects, and one subject can arrive out of order
 * after a redelivery or across replicas: whatever the order, the newest version of each part must win.
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

const user = (
  userId: string,
  username: string,
  version: number,
  minutes: number,
  options: { tier?: 'free' | 'premium'; verified?: boolean; scoutMode?: boolean } = {},
) =>
  scriptedEvent(
    version === 1 ? Events.userCreated.subject : Events.userUpdated.subject,
    {
      userId,
      username,
      subscriptionTier: options.tier ?? 'free',
      scoutMode: options.scoutMode ?? false,
      isVerified: options.verified ?? false,
      isAdmin: false,
      notificationRadius: '2',
      notificationFlags: {},
      version,
    },
    at(minutes),
  );

const awarded = (userId: string, version: number, balance: number, rank: RankName, minutes: number) =>
  scriptedEvent(
    Events.pointsAwarded.subject,
    { userId, entryId: randomUUID(), amount: 10, reason: 'post_item', sourceEventId: randomUUID(), balance, version, rank },
    at(minutes),
  );

const blockChanged = (blockerId: string, blockedId: string, blocked: boolean, version: number, minutes: number) =>
  scriptedEvent(Events.blockChanged.subject, { blockerId, blockedId, blocked, version }, at(minutes));

const history: EventEnvelope[] = [
  user(alice, 'alice', 1, 0),
  awarded(alice, 1, 10, 'Newbie', 1),
  user(alice, 'alice_renamed', 2, 2),
  awarded(alice, 2, 60, 'Newbie', 3),
  user(alice, 'alice_renamed', 3, 4, { verified: true }),
  awarded(alice, 3, 110, 'Scout', 5),
  user(alice, 'alice_final', 4, 6, { verified: true, tier: 'premium', scoutMode: true }),
  // Bob's rank is heard of before his account: the row starts with a neutral name that user.created replaces.
  awarded(bob, 1, 120, 'Scout', 7),
  user(bob, 'bob', 1, 6.5),
  awarded(bob, 2, 70, 'Newbie', 8),
  // Alice blocks Bob, unblocks him, blocks him again; Bob blocks Alice once and takes it back. An unblock that
  // arrives before its block must not be undone by it.
  blockChanged(alice, bob, true, 1, 9),
  blockChanged(alice, bob, false, 2, 10),
  blockChanged(alice, bob, true, 3, 11),
  blockChanged(bob, alice, true, 1, 12),
  blockChanged(bob, alice, false, 2, 13),
];

describe('items read models in any order', () => {
  let sut: ScriptedService;
  let natural: string;

  const endState = async () => {
    const rows: unknown[] = await sut.service.runtime.dataSource.query(
      `SELECT user_id, username, rank, user_version, points_version, subscription_tier, is_verified, scout_mode FROM items.posters ORDER BY username`,
    );
    const blocks: unknown[] = await sut.service.runtime.dataSource.query(
      `SELECT blocker_id, blocked_id, blocked, version::int AS version FROM items.blocks ORDER BY version, blocked`,
    );
    rows.push(...blocks);
    return JSON.stringify(rows, null, 1).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (u) => names.get(u) ?? u);
  };

  beforeAll(async () => {
    sut = await startScriptedService(itemsService);
    await sut.deliver(history);
    natural = await endState();
  });
  afterAll(() => sut?.stop());

  it('in the natural order, holds the newest of each part', () => {
    expect(JSON.parse(natural)).toEqual([
      {
        user_id: 'alice',
        username: 'alice_final',
        rank: 'Scout',
        user_version: 4,
        points_version: 3,
        subscription_tier: 'premium',
        is_verified: true,
        scout_mode: true,
      },
      { user_id: 'bob', username: 'bob', rank: 'Newbie', user_version: 1, points_version: 2, subscription_tier: 'free', is_verified: false, scout_mode: false },
      { blocker_id: 'bob', blocked_id: 'alice', blocked: false, version: 2 },
      { blocker_id: 'alice', blocked_id: 'bob', blocked: true, version: 3 },
    ]);
  });

  const seeds = process.env.REACTION_ORDER_SEED
    ? [Number(process.env.REACTION_ORDER_SEED)]
    : [...Array.from({ length: 15 }, (_, i) => i + 1), Math.floor(Math.random() * 2 ** 31)];

  it.each(seeds)('ends the same in the order of seed %i, even with each subject out of order', async (seed) => {
    await sut.reset();
    await sut.deliver(history, seed, { anyOrder: true });
    expect(await endState()).toEqual(natural);
  });
});
