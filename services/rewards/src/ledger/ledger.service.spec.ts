import { randomUUID } from 'node:crypto';
import { EventEnvelope, Events, EventPayload } from '@curbside/contracts';
import { EventOutbox } from '@curbside/platform';
import { startServiceUnderTest, ServiceUnderTest, waitFor } from '@curbside/testing';
import { rewardsService } from '../rewards.definition';
import { LedgerService } from './ledger.service';

type Award = EventPayload<typeof Events.pointsAwarded>;
type RankChange = EventPayload<typeof Events.rankChanged>;

const envelope = <T>(subject: string, payload: T): EventEnvelope<T> => ({
  id: randomUUID(),
  subject,
  occurredAt: new Date().toISOString(),
  payload,
});

const posted = (posterId: string, isScoutFind = false) =>
  envelope(Events.itemPosted.subject, {
    itemId: randomUUID(),
    posterId,
    title: 'Chair',
    category: 'Furniture',
    isScoutFind,
    isGarageSale: false,
    pricingType: 'free' as const,
    lat: 40,
    lng: -75,
    createdAt: new Date().toISOString(),
  });

describe(LedgerService.name, () => {
  let sut: ServiceUnderTest;
  const awards: Award[] = [];
  const rankChanges: RankChange[] = [];

  beforeAll(async () => {
    sut = await startServiceUnderTest(rewardsService);
    await sut.infrastructure.bus.subscribe('test-awards', Events.pointsAwarded.subject, async (e) => void awards.push(e.payload as Award));
    await sut.infrastructure.bus.subscribe('test-ranks', Events.rankChanged.subject, async (e) => void rankChanges.push(e.payload as RankChange));
  });
  afterAll(() => sut?.stop());

  const balanceOf = (userId: string) => sut.service.app.get(LedgerService).balance(userId);

  it('credits +10 for a posted item and announces the new balance', async () => {
    const userId = randomUUID();
    await sut.infrastructure.bus.publish(posted(userId));
    await waitFor(() => awards.find((a) => a.userId === userId));
    expect(awards.find((a) => a.userId === userId)).toMatchObject({ amount: 10, balance: 10, version: 1, reason: 'post_item', rank: 'Newbie' });
    expect(await balanceOf(userId)).toEqual({ userId, balance: 10, entries: 1 });
  });

  it('credits +25 for a scout find', async () => {
    const userId = randomUUID();
    await sut.infrastructure.bus.publish(posted(userId, true));
    await waitFor(() => awards.find((a) => a.userId === userId));
    expect(awards.find((a) => a.userId === userId)).toMatchObject({ amount: 25, reason: 'scout_find' });
  });

  it('credits a source event once, however often it is credited', async () => {
    const userId = randomUUID();
    const ledger = sut.service.app.get(LedgerService);
    const outbox = sut.service.app.get(EventOutbox);
    const credit = { userId, reason: 'post_item' as const, sourceEventId: randomUUID() };
    await outbox.transaction((tx) => ledger.credit(tx, credit));
    await outbox.transaction((tx) => ledger.credit(tx, credit));
    await Promise.all([outbox.transaction((tx) => ledger.credit(tx, credit)), outbox.transaction((tx) => ledger.credit(tx, credit))]);
    expect(await balanceOf(userId)).toEqual({ userId, balance: 10, entries: 1 });
  });

  it('applies the tier multiplier, rounded down (premium 1.5x: 10 → 15, 25 → 37)', async () => {
    const userId = randomUUID();
    await sut.infrastructure.bus.publish(
      envelope(Events.userUpdated.subject, {
        userId,
        username: 'PlumpOtter0001',
        subscriptionTier: 'premium',
        scoutMode: false,
        isVerified: true,
        isAdmin: false,
        notificationRadius: '2',
        notificationFlags: {},
        version: 2,
      }),
    );
    await waitFor(async () => {
      const rows = await sut.service.runtime.dataSource.query('SELECT tier FROM rewards.user_tiers WHERE user_id = $1', [userId]);
      return rows[0]?.tier === 'premium';
    });
    await sut.infrastructure.bus.publish(posted(userId));
    await sut.infrastructure.bus.publish(posted(userId, true));
    await waitFor(async () => (await balanceOf(userId)).entries === 2);
    expect(await balanceOf(userId)).toMatchObject({ balance: 52 });
  });

  it('announces a rank change when the balance crosses 100 points', async () => {
    const userId = randomUUID();
    for (let i = 0; i < 4; i++) await sut.infrastructure.bus.publish(posted(userId, true));
    await waitFor(() => rankChanges.find((r) => r.userId === userId));
    expect(rankChanges.filter((r) => r.userId === userId)).toEqual([{ userId, from: 'Newbie', to: 'Scout', points: 100, version: 4 }]);
  });
});
