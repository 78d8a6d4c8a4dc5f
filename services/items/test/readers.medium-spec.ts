import { randomUUID } from 'node:crypto';
import { EventPayload, Events, TIER_RADIUS_CAP_MILES } from '@curbside/contracts';
import { waitFor } from '@curbside/testing';
import { ItemsService } from '../src/items/items.service';
import { PostersService } from '../src/posters/posters.service';
import { READER_TTL_MS, Readers } from '../src/posters/readers';
import { ItemsWorld, startItemsWorld } from './items-world';

const SEATTLE = { lat: 47.6062, lng: -122.3321 };

/**
 * The readers kept between lists (Readers) on the real PostgreSQL, the changes arriving as the bus delivers them: a
 * change of plan or of blocks shows in the member's next list as soon as it is applied, on this replica and on
 * another one, long before a kept copy would age out.
 */
describe(Readers.name, () => {
  let world: ItemsWorld;
  /** Well within READER_TTL_MS: a list still showing the old plan or blocks this long after the change read a stale copy. */
  const SEEN_WITHIN_MS = Math.min(2_000, READER_TTL_MS / 4);

  beforeAll(async () => {
    world = await startItemsWorld();
  });
  afterAll(() => world?.stop());

  const feed = async (callerId: string, radius = 100) => world.get(ItemsService).feed({ ...SEATTLE, radius, limit: 50, kind: 'all' }, callerId);
  const idsIn = async (callerId: string) => (JSON.parse((await feed(callerId)).itemsJson) as { id: string }[]).map((item) => item.id);
  const deliver = <P>(subject: string, payload: P) =>
    world.sut.infrastructure.bus.publish({ id: randomUUID(), subject, occurredAt: new Date().toISOString(), payload });
  const planChange = (userId: string, subscriptionTier: EventPayload<typeof Events.userUpdated>['subscriptionTier'], version: number) =>
    deliver(Events.userUpdated.subject, {
      userId,
      username: `member-${userId.slice(0, 8)}`,
      subscriptionTier,
      scoutMode: false,
      isVerified: false,
      isAdmin: false,
      notificationRadius: '2',
      notificationFlags: {},
      version,
    } satisfies EventPayload<typeof Events.userUpdated>);

  it("a plan changed by user.updated widens the member's next list at once", async () => {
    const member = await world.member({ tier: 'free' });
    expect((await feed(member)).radiusCap).toBe(TIER_RADIUS_CAP_MILES.free);
    expect((await feed(member)).radiusCap).toBe(TIER_RADIUS_CAP_MILES.free);
    await planChange(member, 'pro', 2);
    await waitFor(async () => (await feed(member)).radiusCap === TIER_RADIUS_CAP_MILES.pro, { timeoutMs: SEEN_WITHIN_MS, what: 'the Pro cap' });
  });

  it("a block applied from user.block-changed takes the blocked member's items out of the blocker's next list, and an unblock puts them back", async () => {
    const [blocker, blocked] = [await world.member(), await world.member()];
    const theirs = await world.post(blocked, { title: 'Blocked lamp' });
    expect(await idsIn(blocker)).toContain(theirs.id);
    await deliver(Events.blockChanged.subject, { blockerId: blocker, blockedId: blocked, blocked: true, version: 1 });
    await waitFor(async () => !(await idsIn(blocker)).includes(theirs.id), { timeoutMs: SEEN_WITHIN_MS, what: 'the blocked item gone' });
    await deliver(Events.blockChanged.subject, { blockerId: blocker, blockedId: blocked, blocked: false, version: 2 });
    await waitFor(async () => (await idsIn(blocker)).includes(theirs.id), { timeoutMs: SEEN_WITHIN_MS, what: 'the item back' });
  });

  it('another replica forgets its copy when told on the live channel', async () => {
    const otherReplica = new Readers(world.get(PostersService), world.db, world.sut.infrastructure.live);
    await otherReplica.onApplicationBootstrap();
    try {
      const member = await world.member({ tier: 'basic' });
      expect((await otherReplica.of(member)).subscriptionTier).toBe('basic');
      await planChange(member, 'premium', 2);
      await waitFor(async () => (await otherReplica.of(member)).subscriptionTier === 'premium', {
        timeoutMs: SEEN_WITHIN_MS,
        what: 'the new plan on the other replica',
      });
    } finally {
      otherReplica.onModuleDestroy();
    }
  });

  it('a member items has not heard of yet reads as a free account until user.created arrives', async () => {
    const newcomer = randomUUID();
    expect((await feed(newcomer)).radiusCap).toBe(TIER_RADIUS_CAP_MILES.free);
    await deliver(Events.userCreated.subject, {
      userId: newcomer,
      username: 'newcomer',
      subscriptionTier: 'premium',
      scoutMode: false,
      isVerified: false,
      isAdmin: false,
      notificationRadius: '2',
      notificationFlags: {},
      version: 1,
    } satisfies EventPayload<typeof Events.userCreated>);
    await waitFor(async () => (await feed(newcomer)).radiusCap === TIER_RADIUS_CAP_MILES.premium, { timeoutMs: SEEN_WITHIN_MS, what: 'the Premium cap' });
  });
});
