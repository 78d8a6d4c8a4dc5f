import { randomUUID } from 'node:crypto';
import { Type } from '@nestjs/common';
import { EventEnvelope, EventPayload, Events, SubscriptionTier } from '@curbside/contracts';
import { EventOutbox } from '@curbside/platform';
import { ServiceUnderTest, startServiceUnderTest, waitFor } from '@curbside/testing';
import { DataSource } from 'typeorm';
import { FinalisePendingPointsScheduler } from '../src/ledger/finalise-pending-points.scheduler';
import { LedgerService } from '../src/ledger/ledger.service';
import { rewardsService } from '../src/rewards.definition';

type Award = EventPayload<typeof Events.pointsAwarded>;
type RankChange = EventPayload<typeof Events.rankChanged>;
type BadgeEarned = EventPayload<typeof Events.badgeEarned>;

export const HOUR = 3_600_000;

/**
 * The rewards service on a fresh database of the local PostgreSQL (its real module, consumers, repositories and
 * migrations, on the in-memory bus), with what the medium tests need around it: events delivered to its real
 * consumers, what it announced, and balances as stored.
 */
export interface RewardsWorld {
  sut: ServiceUnderTest;
  db: DataSource;
  get<T>(type: Type<T>): T;
  /** What the service announced (points.awarded, rank.changed, badge.earned), as the bus delivered it. */
  awards: Award[];
  rankChanges: RankChange[];
  badges: BadgeEarned[];
  /** Publishes the events in order and waits until the service has applied every one and relayed what it announced. */
  deliver(...events: EventEnvelope<unknown>[]): Promise<void>;
  balanceOf(userId: string): Promise<{ points: number; earned: number; badges: string[] }>;
  /** Post points waiting for the pickup. */
  pendingOf(userId: string): Promise<number>;
  /** The six-hour sweep as it would run at `at` (default: seven hours from now, when every post so far is due). */
  sweep(at?: Date): Promise<number>;
  /** Points straight into the ledger (a test's stand-in for a history of posts). */
  grant(userId: string, amount: number): Promise<unknown>;
  stop(): Promise<void>;
}

export async function startRewardsWorld(): Promise<RewardsWorld> {
  const sut = await startServiceUnderTest(rewardsService);
  const db = sut.service.runtime.dataSource;
  const get = <T>(type: Type<T>) => sut.service.app.get(type, { strict: false });
  // The tests run the six-hour sweep themselves (`sweep`), at the times they name: the service's own timer, which
  // would finalise the tests' old posts by the clock at any minute, is stopped.
  await get(FinalisePendingPointsScheduler).onModuleDestroy();
  const world = { awards: [] as Award[], rankChanges: [] as RankChange[], badges: [] as BadgeEarned[] };
  const { bus } = sut.infrastructure;
  await bus.subscribe('test-awards', Events.pointsAwarded.subject, async (e) => void world.awards.push(e.payload as Award));
  await bus.subscribe('test-ranks', Events.rankChanged.subject, async (e) => void world.rankChanges.push(e.payload as RankChange));
  await bus.subscribe('test-badges', Events.badgeEarned.subject, async (e) => void world.badges.push(e.payload as BadgeEarned));

  const processed = async (ids: string[]) => {
    const [{ n }] = await db.query(`SELECT count(DISTINCT event_id)::int AS n FROM rewards.processed_events WHERE event_id = ANY ($1)`, [ids]);
    return n as number;
  };
  return {
    sut,
    db,
    get,
    ...world,
    async deliver(...events) {
      for (const e of events) await bus.publish(e);
      await waitFor(async () => (await processed(events.map((e) => e.id))) === new Set(events.map((e) => e.id)).size, { what: 'events applied' });
      // What the service announced in reply is relayed after its commit: wait until it has left the outbox.
      await waitFor(async () => (await db.query(`SELECT count(*)::int AS n FROM rewards.outbox_events WHERE published_at IS NULL`))[0].n === 0, {
        what: 'announcements relayed',
      });
    },
    async balanceOf(userId) {
      const [row] = await db.query(`SELECT points, earned, badges FROM rewards.balances WHERE user_id = $1`, [userId]);
      return (row ?? { points: 0, earned: 0, badges: [] }) as { points: number; earned: number; badges: string[] };
    },
    async pendingOf(userId) {
      const [row] = await db.query(`SELECT pending FROM rewards.pending_balances WHERE user_id = $1`, [userId]);
      return (row?.pending ?? 0) as number;
    },
    async sweep(at = new Date(Date.now() + 7 * HOUR)) {
      const n = await get(FinalisePendingPointsScheduler).sweep(at);
      await waitFor(async () => (await db.query(`SELECT count(*)::int AS n FROM rewards.outbox_events WHERE published_at IS NULL`))[0].n === 0, {
        what: 'announcements relayed',
      });
      return n;
    },
    grant: (userId, amount) =>
      get(EventOutbox).transaction((tx) =>
        get(LedgerService).apply(tx, { userId, amount, reason: 'test_grant', sourceEventId: randomUUID(), countsAsEarned: true }),
      ),
    stop: () => sut.stop(),
  };
}

export const envelope = <T>(subject: string, payload: T, occurredAt = new Date()): EventEnvelope<T> => ({
  id: randomUUID(),
  subject,
  occurredAt: occurredAt.toISOString(),
  payload,
});

export const posted = (
  posterId: string,
  options: { isScoutFind?: boolean; createdAt?: Date; timeZone?: string; posterTimeZone?: string; itemId?: string; posterTier?: SubscriptionTier } = {},
) =>
  envelope(
    Events.itemPosted.subject,
    {
      itemId: options.itemId ?? randomUUID(),
      posterId,
      title: 'Chair',
      category: 'Furniture',
      isScoutFind: options.isScoutFind ?? false,
      isGarageSale: false,
      pricingType: 'free' as const,
      lat: 40,
      lng: -75,
      createdAt: (options.createdAt ?? new Date()).toISOString(),
      timeZone: options.timeZone ?? 'America/New_York',
      ...(options.posterTier ? { posterTier: options.posterTier } : {}),
      ...(options.posterTimeZone ? { posterTimeZone: options.posterTimeZone } : {}),
    },
    options.createdAt,
  );

export const deleted = (item: EventEnvelope<{ itemId: string; posterId: string }>, at: Date) =>
  envelope(Events.itemDeleted.subject, { itemId: item.payload.itemId, posterId: item.payload.posterId, title: 'Chair' }, at);

/** A removal (after reports, or by neighbours' "not there"), happening now or at `at`. */
export const removed = (item: EventEnvelope<{ itemId: string; posterId: string }>, reason: 'reported' | 'not_there', at?: Date) =>
  envelope(Events.itemRemoved.subject, { itemId: item.payload.itemId, posterId: item.payload.posterId, title: 'Chair', reason }, at);

export const claimed = (
  claimerId: string,
  posterId: string,
  pricingType: 'free' | 'paid' = 'free',
  claimerTier?: SubscriptionTier,
  options: { itemId?: string; claimedAt?: Date } = {},
) =>
  envelope(Events.itemClaimed.subject, {
    itemId: options.itemId ?? randomUUID(),
    posterId,
    claimerId,
    title: 'Lamp',
    pricingType,
    customAmount: pricingType === 'paid' ? 500 : null,
    isScoutFind: false,
    claimedAt: (options.claimedAt ?? new Date()).toISOString(),
    ...(claimerTier ? { claimerTier } : {}),
  });

/** A verified pickup of the post by another member (a claim whose photo passed). */
export const pickedUp = (item: EventEnvelope<{ itemId: string; posterId: string }>, claimerId: string, at = new Date()) =>
  claimed(claimerId, item.payload.posterId, 'free', 'free', { itemId: item.payload.itemId, claimedAt: at });

/** Another member says the post is still there. */
export const stillThere = (item: EventEnvelope<{ itemId: string; posterId: string }>, confirmerId: string, verified: boolean, at = new Date()) =>
  envelope(
    Events.itemStillThere.subject,
    { itemId: item.payload.itemId, posterId: item.payload.posterId, confirmerId, verified, confirmedAt: at.toISOString() },
    at,
  );

export const member = (userId: string, options: { username?: string; tier?: SubscriptionTier; scoutMode?: boolean; version?: number } = {}) =>
  envelope((options.version ?? 2) === 1 ? Events.userCreated.subject : Events.userUpdated.subject, {
    userId,
    username: options.username ?? 'PlumpOtter0001',
    subscriptionTier: options.tier ?? 'free',
    scoutMode: options.scoutMode ?? false,
    isVerified: true,
    isAdmin: false,
    notificationRadius: '2',
    notificationFlags: {},
    version: options.version ?? 2,
  });
