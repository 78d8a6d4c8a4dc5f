import { Calls, Item, RpcError } from '@curbside/contracts';
import { runWithRequestContext } from '@curbside/platform';
import { waitFor } from '@curbside/testing';
import { ItemsService } from '../src/items/items.service';
import { ItemsWorld, startItemsWorld } from './items-world';

/**
 * The feed under its caller's deadline (docs/architecture.md, "Deadlines"): its statement runs on a connection of its
 * own, and PostgreSQL is asked to cancel it when the time the caller has left runs out (readWithinDeadline), so a feed
 * that cannot finish in time stops.
 */
describe('the feed and its caller’s deadline', () => {
  let world: ItemsWorld;
  let items: ItemsService;

  beforeAll(async () => {
    world = await startItemsWorld();
    items = world.get(ItemsService);
  });
  afterAll(() => world?.stop());

  // A spot of its own, so other tests' items stay out of the feed.
  const spot = { lat: 46.2, lng: -122.3321 };
  const search = { lat: spot.lat, lng: spot.lng, radius: 1, limit: 50, kind: 'all' } as const;

  it('answers a call that carries its deadline as before, spotlights and newest rows both read', async () => {
    const posted = await world.post(await world.member(), { title: 'Walnut desk', location: spot });
    const page = await world.sut.call(Calls.items.feed, search);
    expect((JSON.parse(page.itemsJson) as Item[]).map((i) => i.id)).toEqual([posted.id]);
  });

  it('stops a feed still waiting at the deadline: RPC.DEADLINE_EXCEEDED, and no statement of it left behind', async () => {
    // Another transaction holds the items table, so the feed's statement waits until its statement_timeout.
    const holder = world.db.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    try {
      await holder.query(`LOCK TABLE items.items IN ACCESS EXCLUSIVE MODE`);
      const deadline = Date.now() + 300;
      await expect(runWithRequestContext({ requestId: 'late-feed', deadline }, () => items.feed(search, undefined))).rejects.toMatchObject({
        code: RpcError.DEADLINE_EXCEEDED,
      });
      // Still holding the lock: a feed statement not cancelled would wait for it until we let go. The page's other
      // statement, sent beside the first, is cancelled at the same deadline a moment later. (Looked at from another
      // connection: pg_stat_activity is read once per transaction.)
      await waitFor(
        async () => {
          const [{ n }]: { n: number }[] = await world.db.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock' AND query LIKE '%sort_micros%'`,
          );
          return n === 0;
        },
        { timeoutMs: 10_000, what: 'no feed statement waiting for the lock' },
      );
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
    }
    const page = await items.feed(search, undefined);
    expect((JSON.parse(page.itemsJson) as Item[]).map((i) => i.title)).toEqual(['Walnut desk']);
  });
});
