import { randomUUID } from 'node:crypto';
import { BadgeName, EventEnvelope, Events, RankName } from '@curbside/contracts';
import { scriptedEvent, ScriptedService, startScriptedService } from '@curbside/testing';
import { UsersService } from '../src/users/users.service';
import { usersService } from '../src/users.definition';

/**
 * The users service keeps each member's points, rank and badges as the ledger announces them (points.awarded).
 * One subject, but a redelivery after a failure or two replicas sharing the consumer can hand them over out of
 * order: whatever the order, the newest announcement must win. REACTION_ORDER_SEED=<seed> replays one order.
 */

const T0 = Date.parse('2026-11-20T15:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

const awarded = (userId: string, version: number, balance: number, rank: RankName, minutes: number, badges?: BadgeName[]) =>
  scriptedEvent(
    Events.pointsAwarded.subject,
    { userId, entryId: randomUUID(), amount: 10, reason: 'post_item', sourceEventId: randomUUID(), balance, version, rank, ...(badges ? { badges } : {}) },
    at(minutes),
  );

/** Alice climbs, spends, is reversed; Bob's first announcement is from before badges were announced. */
const historyFor = (alice: string, bob: string): EventEnvelope[] => [
  awarded(alice, 1, 10, 'Newbie', 1, []),
  awarded(alice, 2, 20, 'Newbie', 1, ['First Post Badge']),
  awarded(alice, 3, 120, 'Scout', 2, ['First Post Badge']),
  awarded(alice, 4, 20, 'Scout', 3, ['First Post Badge']),
  awarded(alice, 5, 45, 'Scout', 4, ['First Post Badge', 'Scout Badge']),
  awarded(alice, 6, 35, 'Newbie', 5, ['First Post Badge', 'Scout Badge']),
  awarded(bob, 1, 5, 'Newbie', 2),
  awarded(bob, 2, 20, 'Newbie', 3, ['Community Helper']),
];

describe('users read model in any order', () => {
  let sut: ScriptedService;
  let natural: unknown;

  /** Fresh members each run (the reset empties the table), the same script, their end state by name. */
  const run = async (seed?: number) => {
    await sut.reset();
    const users = sut.service.app.get(UsersService);
    const alice = (await users.create({})).user.id;
    const bob = (await users.create({})).user.id;
    await sut.deliver(historyFor(alice, bob), seed, { anyOrder: true });
    const rows: { id: string; points: number; rank: string; badges: string[]; points_version: number }[] = await sut.service.runtime.dataSource.query(
      `SELECT id, points, rank, badges, points_version FROM users.users WHERE id = ANY ($1)`,
      [[alice, bob]],
    );
    return Object.fromEntries(rows.map(({ id, ...rest }) => [id === alice ? 'alice' : 'bob', rest]));
  };

  beforeAll(async () => {
    sut = await startScriptedService(usersService);
    natural = await run();
  });
  afterAll(() => sut?.stop());

  it('in the natural order, holds the newest announcement', () => {
    expect(natural).toEqual({
      alice: { points: 35, rank: 'Newbie', badges: ['First Post Badge', 'Scout Badge'], points_version: 6 },
      bob: { points: 20, rank: 'Newbie', badges: ['Community Helper'], points_version: 2 },
    });
  });

  const seeds = process.env.REACTION_ORDER_SEED
    ? [Number(process.env.REACTION_ORDER_SEED)]
    : [...Array.from({ length: 15 }, (_, i) => i + 1), Math.floor(Math.random() * 2 ** 31)];

  it.each(seeds)('ends the same in the order of seed %i', async (seed) => {
    expect(await run(seed)).toEqual(natural);
  });
});
