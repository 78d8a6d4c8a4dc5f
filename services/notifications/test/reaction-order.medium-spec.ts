import { randomUUID } from 'node:crypto';
import { EventEnvelope, Events, NOTIFICATION_FLAG_DEFAULTS, NotificationFlags } from '@curbside/contracts';
import { clockTimeIn } from '@curbside/platform';
import { scriptedEvent, ScriptedService, startScriptedService } from '@curbside/testing';
import { notificationsService } from '../src/notifications.definition';
import { NotificationsService } from '../src/store/notifications.service';

/**
 * Who is told what depends on each member's switches, radius and plan when the event happened; those come on
 * user.created / user.updated, other subjects than the events told of, so they arrive in any order (and one
 * subject out of order after a redelivery). A scripted history is delivered in its natural order, then in seeded
 * random orders; the notifications must end the same. REACTION_ORDER_SEED=<seed> replays one order.
 */

// An hour ago, on the minute: every event of the history lies inside the 30 days the service keeps alerts for, and
// every plan's delay has passed, whenever the test runs (a fixed date fell out of those 30 days within weeks).
const T0 = Math.floor((Date.now() - 60 * 60_000) / 60_000) * 60_000;
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const HERE = { lat: 47.6062, lng: -122.3321 };
const north = (metres: number) => ({ lat: HERE.lat + metres / 110_540, lng: HERE.lng });

const names = new Map<string, string>();
const id = (name: string) => {
  const value = randomUUID();
  names.set(value, name);
  return value;
};
const poster = id('poster');
const near = id('near');
const switcher = id('switcher');
const wide = id('wide');
const upgrader = id('upgrader');
const picker = id('picker');
const voter = id('voter');
const queuer = id('queuer');
const busy = id('busy');

const user = (
  userId: string,
  version: number,
  minutes: number,
  options: { flags?: Partial<NotificationFlags>; radius?: string; tier?: 'free' | 'premium' } = {},
) =>
  scriptedEvent(
    version === 1 ? Events.userCreated.subject : Events.userUpdated.subject,
    {
      userId,
      username: names.get(userId) ?? 'member',
      subscriptionTier: options.tier ?? 'free',
      scoutMode: false,
      isVerified: false,
      isAdmin: false,
      notificationRadius: options.radius ?? '2',
      notificationFlags: { ...NOTIFICATION_FLAG_DEFAULTS, ...options.flags },
      version,
    },
    at(minutes),
  );

const item = (name: string) => ({ itemId: id(name), posterId: poster, title: name });
const [chair, lamp, sale, stool, bigSale, desk] = ['Chair', 'Lamp', 'Yard sale', 'Stool', 'Moving sale', 'Desk'].map(item);
const handoverProposal = id('handover proposal');

const posted = (it: ReturnType<typeof item>, minutes: number, isGarageSale = false) =>
  scriptedEvent(
    Events.itemPosted.subject,
    {
      ...it,
      category: 'Furniture',
      isScoutFind: false,
      isGarageSale,
      pricingType: 'free' as const,
      ...HERE,
      publicLat: HERE.lat,
      publicLng: HERE.lng,
      createdAt: at(minutes).toISOString(),
    },
    at(minutes),
  );

const history: EventEnvelope[] = [
  ...[poster, near, switcher, wide, upgrader, picker, voter, queuer, busy].map((u, i) => user(u, 1, i * 0.1)),
  posted(chair, 1),
  // From here the wide member hears of posts 3 miles off.
  user(wide, 2, 3, { radius: '10' }),
  posted(lamp, 4),
  user(switcher, 2, 5, { flags: { enableNewItemAlerts: false, enableVotingAlerts: true } }),
  posted(sale, 6, true),
  posted(stool, 7),
  user(upgrader, 2, 8, { tier: 'premium', flags: { enableGarageSaleAlerts: true } }),
  posted(bigSale, 9, true),
  user(picker, 2, 10, { flags: { enableFirstDibsAlerts: false } }),
  scriptedEvent(Events.itemReserved.subject, { ...chair, reservedById: picker, reservedUntil: at(41).toISOString() }, at(11)),
  scriptedEvent(
    Events.itemClaimed.subject,
    { ...chair, claimerId: picker, pricingType: 'free' as const, customAmount: null, isScoutFind: false, claimedAt: at(12).toISOString() },
    at(12),
  ),
  // The picker, holding the chair, proposes a meeting; the poster accepts. Each side is told of the other's act only.
  scriptedEvent(
    Events.handoverMessage.subject,
    {
      messageId: handoverProposal,
      itemId: chair.itemId,
      title: chair.title,
      posterId: poster,
      memberId: picker,
      authorId: picker,
      recipientId: poster,
      kind: 'message' as const,
      flagged: false,
    },
    at(11.2),
  ),
  scriptedEvent(
    Events.handoverMessage.subject,
    {
      messageId: handoverProposal,
      itemId: chair.itemId,
      title: chair.title,
      posterId: poster,
      memberId: picker,
      authorId: poster,
      recipientId: picker,
      kind: 'meet_at_accepted' as const,
      flagged: false,
    },
    at(11.4),
  ),
  scriptedEvent(
    Events.itemVoted.subject,
    { ...lamp, voterId: voter, votes: 3, localDate: at(13).toISOString().slice(0, 10), publicLat: HERE.lat, publicLng: HERE.lng },
    at(13),
  ),
  scriptedEvent(
    Events.badgeEarned.subject,
    { userId: poster, badge: 'First Post Badge' as const, bonusPoints: 10, sourceEventId: randomUUID(), earnedAt: at(14).toISOString() },
    at(14),
  ),
  scriptedEvent(Events.rankChanged.subject, { userId: poster, from: 'Newbie' as const, to: 'Scout' as const, points: 120, version: 5 }, at(14)),
  scriptedEvent(Events.itemExpiring.subject, { ...lamp, expiresAt: at(75).toISOString() }, at(15)),
  scriptedEvent(Events.itemRemoved.subject, { ...bigSale, reason: 'reported' as const }, at(16)),
  user(poster, 2, 18, { flags: { enableRankingAlerts: false } }),
  scriptedEvent(Events.rankChanged.subject, { userId: poster, from: 'Scout' as const, to: 'Newbie' as const, points: 90, version: 6 }, at(19)),
  user(switcher, 3, 20, { flags: { enableNewItemAlerts: true, enableVotingAlerts: true } }),
  posted(desk, 21),
  // The picker's hold on the desk lapses: the busy member is passed over, the queuer is up; then the queuer releases
  // it and nobody is left in line but the busy member again.
  scriptedEvent(
    Events.itemHoldHandedOver.subject,
    {
      ...desk,
      previousHolderId: picker,
      reason: 'lapsed' as const,
      holderId: queuer,
      reservedUntil: at(52).toISOString(),
      skippedUserIds: [busy],
      handedOverAt: at(22).toISOString(),
    },
    at(22),
  ),
  scriptedEvent(
    Events.itemHoldHandedOver.subject,
    {
      ...desk,
      previousHolderId: queuer,
      reason: 'released' as const,
      holderId: null,
      reservedUntil: null,
      skippedUserIds: [busy, queuer],
      handedOverAt: at(23).toISOString(),
    },
    at(23),
  ),
  // The chair's pickup closes it for those who waited: the picker and the poster named too, and told nothing by it.
  scriptedEvent(
    Events.itemPickedUp.subject,
    { ...chair, pickerId: picker, pickedUpAt: at(12).toISOString(), waitingUserIds: [voter, busy, picker, poster] },
    at(12.5),
  ),
];

describe('notifications in any order', () => {
  let sut: ScriptedService;
  let natural: string;

  const endState = async () => {
    const q = (sql: string) => sut.service.runtime.dataSource.query(sql) as Promise<unknown[]>;
    const state = {
      notifications: await q(
        `SELECT user_id, type, title, message, data, source_event_id FROM notifications.notifications ORDER BY user_id, source_event_id, type`,
      ),
      members: await q(`SELECT user_id, flags, radius_miles, tier, version FROM notifications.members ORDER BY user_id`),
    };
    return JSON.stringify(state, null, 1).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (u) => names.get(u) ?? u);
  };

  /** Positions are reported by the app, not events: the same before every run. */
  const run = async (seed?: number) => {
    await sut.reset();
    const positions = sut.service.app.get(NotificationsService);
    for (const [who, metres] of [
      [poster, 0],
      [near, 500],
      [switcher, 800],
      [wide, 5_000],
      [upgrader, 300],
      [picker, 600],
      [voter, 100],
    ] as const) {
      await positions.reportPosition(who, north(metres));
    }
    await sut.deliver(history, seed, seed === undefined ? {} : { anyOrder: true });
    return endState();
  };

  beforeAll(async () => {
    sut = await startScriptedService(notificationsService);
    natural = await run();
  });
  afterAll(() => sut?.stop());

  it('in the natural order, tells each member what their settings of the moment allowed', () => {
    const { notifications } = JSON.parse(natural) as { notifications: { user_id: string; title: string; message: string }[] };
    const told = (who: string) =>
      notifications
        .filter((n) => n.user_id === who)
        .map((n) => `${n.title}: ${n.message.replace(/ was just posted .*| is no longer .*|, \d.*| expires .*| was picked up .*/, '')}`)
        .sort();
    expect(told('near')).toEqual(['New Item Nearby: "Chair"', 'New Item Nearby: "Desk"', 'New Item Nearby: "Lamp"', 'New Item Nearby: "Stool"']);
    // Switched new-item alerts off between the lamp and the sales, on again before the desk.
    expect(told('switcher')).toEqual([
      'Neighbours Are Voting: Neighbours are voting for "Lamp"',
      'New Item Nearby: "Chair"',
      'New Item Nearby: "Desk"',
      'New Item Nearby: "Lamp"',
    ]);
    // Three miles off: only what came after the radius went to 10.
    expect(told('wide')).toEqual(['New Item Nearby: "Desk"', 'New Item Nearby: "Lamp"', 'New Item Nearby: "Stool"']);
    // Garage sales only once Premium with their switch on.
    expect(told('upgrader')).toEqual([
      'Garage Sale Nearby: "Moving sale"',
      'New Item Nearby: "Chair"',
      'New Item Nearby: "Desk"',
      'New Item Nearby: "Lamp"',
      'New Item Nearby: "Stool"',
    ]);
    // First dibs confirmations switched off before the reservation.
    expect(told('picker')).toEqual([
      'Meeting Accepted: Your meeting proposal for "Chair" was accepted.',
      'New Item Nearby: "Chair"',
      'New Item Nearby: "Desk"',
      'New Item Nearby: "Lamp"',
      'New Item Nearby: "Stool"',
    ]);
    // The second rank change came after ranking alerts were switched off.
    expect(told('poster').map((t) => t.split(':')[0])).toEqual([
      'Badge Earned',
      'Item Picked Up',
      'New Message',
      'Pickup Request',
      'Post Expiring Soon',
      'Post Taken Down',
      'Rank Up!',
    ]);
    // The queue: up once after the lapse, never told of passing over their own released hold; the busy member
    // told each time they were passed over.
    expect(told('queuer')).toEqual([`You're Up: "Desk" is held for you until ${clockTimeIn(at(52), 'UTC')}: pick it up and claim it with a photo.`]);
    expect(told('busy').map((t) => t.split(':')[0])).toEqual(['Already Picked Up', 'Skipped In Line', 'Skipped In Line']);
    expect(told('voter').filter((t) => t.startsWith('Already Picked Up'))).toEqual(['Already Picked Up: "Chair"']);
  });

  it('forgets alerts and superseded settings older than the event stream keeps (30 days), once the member is written to again', async () => {
    await sut.reset();
    const q = (sql: string, params: unknown[]) => sut.service.runtime.dataSource.query(sql, params) as Promise<{ n: number }[]>;
    const ago = (days: number) => -days * 24 * 60 - (T0 - Date.now()) / 60_000;
    const removedAt = (minutes: number) => scriptedEvent(Events.itemRemoved.subject, { ...desk, reason: 'reported' as const }, at(minutes));
    await sut.deliver([user(poster, 1, ago(50)), user(poster, 2, ago(40)), removedAt(ago(35)), user(poster, 3, ago(1)), removedAt(ago(1))]);
    expect(await q(`SELECT count(*)::int AS n FROM notifications.personal_alerts WHERE user_id = $1`, [poster])).toEqual([{ n: 1 }]);
    // Version 2 stays: it was in force 30 days ago, so an alert of then would still be decided by it.
    expect(await q(`SELECT version AS n FROM notifications.member_versions WHERE user_id = $1 ORDER BY version`, [poster])).toEqual([{ n: 2 }, { n: 3 }]);
    expect(await q(`SELECT count(*)::int AS n FROM notifications.notifications WHERE user_id = $1`, [poster])).toEqual([{ n: 2 }]);
  });

  const seeds = process.env.REACTION_ORDER_SEED
    ? [Number(process.env.REACTION_ORDER_SEED)]
    : [...Array.from({ length: 15 }, (_, i) => i + 1), Math.floor(Math.random() * 2 ** 31)];

  it.each(seeds)('ends the same in the order of seed %i', async (seed) => {
    expect(await run(seed)).toEqual(natural);
  });
});
