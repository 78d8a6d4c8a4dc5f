import { randomUUID } from 'node:crypto';
import {
  Calls,
  DomainError,
  ErrorCode,
  EventEnvelope,
  Events,
  LIVE_NOTIFICATIONS_TOPIC,
  LiveNotificationSignal,
  NOTIFICATION_FLAG_DEFAULTS,
  NotificationError,
  notificationSchema,
  VOTING_PROMPT_VOTES,
} from '@curbside/contracts';
import { describeServiceStartsHealthy, ServiceUnderTest, startServiceUnderTest, waitFor } from '@curbside/testing';
import { notificationsService } from '../src/notifications.definition';
import { envelope, itemPostedAt, memberOnPlan } from './notification-events';
import { ALERTING_POSTS_PER_DAY, MEMBERS_PER_SLICE, NotificationsService } from '../src/store/notifications.service';

/**
 * The notification store on the real PostgreSQL, fed through its real consumers (in-memory bus): written once per
 * event and recipient, never to whoever acted, as the member's switches, radius and plan allow; read, counted and
 * marked read by its owner only. The delivery-order cases are in reaction-order.medium-spec.ts.
 */

describeServiceStartsHealthy(notificationsService);

describe(NotificationsService.name, () => {
  let sut: ServiceUnderTest;
  beforeAll(async () => {
    // Alerts at once on every plan: the plans' timing is in-app-timing.medium-spec.ts.
    sut = await startServiceUnderTest(notificationsService, { ALERT_DELAY_FREE_SECONDS: '0', ALERT_DELAY_BASIC_SECONDS: '0' });
  });
  afterAll(() => sut?.stop());

  const processed = async (id: string) =>
    (await sut.service.runtime.dataSource.query(`SELECT count(*)::int AS n FROM notifications.processed_events WHERE event_id = $1`, [id]))[0].n as number;
  /** Publishes and waits until every reaction to it has run. */
  const deliver = async (event: EventEnvelope<unknown>, reactions = 1) => {
    await sut.infrastructure.bus.publish(event);
    await waitFor(async () => (await processed(event.id)) >= reactions, { what: `${event.subject} applied` });
  };
  const inbox = (userId: string, unreadOnly = false) => sut.call(Calls.notifications.list, { unreadOnly: unreadOnly ? 'true' : 'false' }, userId);
  const member = (userId: string, flags: Partial<Record<keyof typeof NOTIFICATION_FLAG_DEFAULTS, boolean>> = {}, version = 2) =>
    envelope(Events.userUpdated.subject, {
      userId,
      username: 'QuietHeron0007',
      subscriptionTier: 'free',
      scoutMode: false,
      isVerified: false,
      isAdmin: false,
      notificationRadius: '2',
      notificationFlags: { ...NOTIFICATION_FLAG_DEFAULTS, ...flags },
      version,
    });
  /** The code a call was refused with (fails the test when it was not refused with a domain error). */
  const refusal = async (call: Promise<unknown>) => {
    const err = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(err instanceof DomainError)) throw new Error(`expected a refusal with a code, got ${String(err)}`);
    return err.code;
  };
  const reserved = (posterId: string, reservedById: string) =>
    envelope(Events.itemReserved.subject, {
      itemId: randomUUID(),
      posterId,
      reservedById,
      title: 'Oak desk',
      reservedUntil: new Date(Date.now() + 1_800_000).toISOString(),
    });

  it('turns a badge into the "Badge Earned" ranking alert that drives the celebration, once however often it arrives', async () => {
    const userId = randomUUID();
    const badge = envelope(Events.badgeEarned.subject, {
      userId,
      badge: 'Scout Badge' as const,
      bonusPoints: 25,
      sourceEventId: randomUUID(),
      earnedAt: new Date().toISOString(),
    });
    await deliver(badge);
    await deliver({ ...badge });
    const [alert, ...rest] = await inbox(userId);
    expect(rest).toEqual([]);
    expect(alert).toMatchObject({
      type: 'ranking_alert',
      title: 'Badge Earned: Scout Badge',
      message: 'You earned the "Scout Badge" and 25 bonus points!',
      isRead: false,
    });
    expect(JSON.parse(alert.data)).toMatchObject({ badgeName: 'Scout Badge', animationTrigger: 'badge_earned' });
  });

  it('tells the poster of a first dibs and confirms it to the neighbour, never the poster about their own act', async () => {
    const [poster, neighbour] = [randomUUID(), randomUUID()];
    await deliver(reserved(poster, neighbour));
    expect((await inbox(poster)).map((n) => [n.type, n.title])).toEqual([['pickup_request', 'Pickup Request']]);
    expect((await inbox(neighbour)).map((n) => n.type)).toEqual(['first_dibs_confirmation']);
    const self = randomUUID();
    await deliver(
      envelope(Events.itemClaimed.subject, {
        itemId: randomUUID(),
        posterId: self,
        claimerId: self,
        title: 'Lamp',
        pricingType: 'free' as const,
        customAmount: null,
        isScoutFind: false,
        claimedAt: new Date().toISOString(),
      }),
    );
    expect(await inbox(self)).toEqual([]);
    // Holding one's own post: the confirmation only, no pickup request to oneself.
    await deliver(reserved(self, self));
    expect((await inbox(self)).map((n) => n.type)).toEqual(['first_dibs_confirmation']);
    // A Pro member's auto-claim: the saved search's alert tells the holder; this event tells the poster only.
    const [owner, autoClaimer] = [randomUUID(), randomUUID()];
    const autoClaimedHold = reserved(owner, autoClaimer);
    await deliver({ ...autoClaimedHold, payload: { ...autoClaimedHold.payload, autoClaimed: true } });
    expect((await inbox(owner)).map((n) => n.title)).toEqual(['Pickup Request']);
    expect(await inbox(autoClaimer)).toEqual([]);
  });

  it("writes a hold's end in the time zone of the holder's last position, and in UTC before they report one", async () => {
    const [poster, nearby, nowhere] = [randomUUID(), randomUUID(), randomUUID()];
    await sut.call(Calls.notifications.reportPosition, { lat: 40.758, lng: -73.9855 }, nearby);
    const until = '2026-01-15T19:05:00.000Z';
    const hold = (reservedById: string) =>
      envelope(Events.itemReserved.subject, { itemId: randomUUID(), posterId: poster, reservedById, title: 'Oak desk', reservedUntil: until });
    await deliver(hold(nearby));
    await deliver(hold(nowhere));
    expect((await inbox(nearby))[0].message).toBe('"Oak desk" is held for you until 2:05 PM EST: pick it up and claim it with a photo.');
    expect((await inbox(nowhere))[0].message).toBe('"Oak desk" is held for you until 19:05 UTC: pick it up and claim it with a photo.');
  });

  it('sends nothing of a kind its member switched off', async () => {
    const userId = randomUUID();
    await deliver(member(userId, { enableRankingAlerts: false, enablePostExpirationAlerts: false }), 1);
    await deliver(envelope(Events.rankChanged.subject, { userId, from: 'Newbie' as const, to: 'Scout' as const, points: 120, version: 9 }));
    await deliver(envelope(Events.itemExpiring.subject, { itemId: randomUUID(), posterId: userId, title: 'Chair', expiresAt: new Date().toISOString() }));
    expect(await inbox(userId)).toEqual([]);
    // A post taken down is always told.
    await deliver(envelope(Events.itemRemoved.subject, { itemId: randomUUID(), posterId: userId, title: 'Chair', reason: 'reported' as const }));
    expect((await inbox(userId)).map((n) => n.type)).toEqual(['content_violation']);
  });

  describe('nearby items', () => {
    const HERE = { lat: 47.6062, lng: -122.3321 };
    const mPerLat = 110_540;
    const offset = (metres: number) => ({ lat: HERE.lat + metres / mPerLat, lng: HERE.lng });
    const posted = (posterId: string, extra: Parameters<typeof itemPostedAt>[1] = {}) => itemPostedAt(HERE, { posterId, ...extra });
    const at = (userId: string, metres: number) => sut.call(Calls.notifications.reportPosition, offset(metres), userId);

    it('alerts the members within their own radius, not those outside it, nor the poster', async () => {
      const [near, far, wide, poster] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      const wideMember = member(wide, {}, 2);
      await deliver({ ...wideMember, payload: { ...wideMember.payload, notificationRadius: '10' } });
      await at(near, 1_000); // 0.6 mile: inside the default 2 miles
      await at(far, 5_000); // 3.1 miles: outside 2
      await at(wide, 5_000); // inside this member's 10
      await at(poster, 0);
      await deliver(posted(poster));
      const [alert] = await inbox(near);
      expect(alert).toMatchObject({ type: 'new_item_alert', title: 'New Item Nearby', message: '"Blue armchair" was just posted 0.6 mi from you' });
      expect(JSON.parse(alert.data)).toMatchObject({ distance: 0.6 });
      expect(await inbox(far)).toEqual([]);
      expect((await inbox(wide)).map((n) => n.type)).toEqual(['new_item_alert']);
      expect(await inbox(poster)).toEqual([]);
    });

    it("alerts neighbours of ten of a poster's posts in any 24 hours, not of an eleventh; another poster's post still alerts", async () => {
      const [near, poster, other] = [randomUUID(), randomUUID(), randomUUID()];
      await at(near, 1_000);
      const now = Date.now();
      const postedAt = (event: ReturnType<typeof posted>, at: number) => ({ ...event, occurredAt: new Date(at).toISOString() });
      // The first a day and ten seconds ago, the other nine two hours ago, delivered at once.
      const ten = Array.from({ length: ALERTING_POSTS_PER_DAY }, (_, i) =>
        postedAt(posted(poster, { title: `Chair ${i}` }), i === 0 ? now - 24 * 3600_000 - 10_000 : now - 2 * 3600_000 + i * 1_000),
      );
      await Promise.all(ten.map((event) => deliver(event)));
      expect(await inbox(near)).toHaveLength(ALERTING_POSTS_PER_DAY);
      // Twenty seconds ago all ten were within the day before; now the first is not.
      await deliver(postedAt(posted(poster, { title: 'One chair too many' }), now - 20_000));
      await deliver(posted(other, { title: 'Lamp' }));
      await deliver(posted(poster, { title: 'Desk' }));
      const messages = (await inbox(near)).map((n) => n.message);
      expect(messages).toHaveLength(ALERTING_POSTS_PER_DAY + 2);
      expect(messages.filter((m) => /too many|Lamp|Desk/.test(m))).toEqual([expect.stringContaining('"Desk"'), expect.stringContaining('"Lamp"')]);
    });

    it('reaches every member whose own radius holds the post, whatever band of reach they are in, and none just beyond', async () => {
      const poster = randomUUID();
      const mile = 1_609.344;
      // Each radius at a tenth of a mile inside and outside it: the default band (up to 2 miles), the next (up to 5)
      // and the widest (up to 10), at their edges.
      const cases = [0.5, 2, 2.5, 5, 5.5, 10].flatMap((radius) => [
        { radius, miles: radius - 0.1, reached: true },
        { radius, miles: radius + 0.1, reached: false },
      ]);
      const members = cases.map((c) => ({ ...c, id: randomUUID() }));
      for (const m of members) {
        const settings = member(m.id, {}, 2);
        await deliver({ ...settings, payload: { ...settings.payload, notificationRadius: String(m.radius) } });
        await at(m.id, m.miles * mile);
      }
      await deliver(posted(poster));
      const reached = await Promise.all(members.map(async (m) => ({ radius: m.radius, miles: m.miles, reached: (await inbox(m.id)).length === 1 })));
      expect(reached).toEqual(cases);
    });

    it('honours the switches: scout finds and garage sales have their own, garage sales only on Premium and Pro', async () => {
      const [scoutOff, free, premium, poster] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      await deliver(member(scoutOff, { enableScoutFindAlerts: false }));
      await deliver(member(free, { enableGarageSaleAlerts: true }));
      await deliver({
        ...member(premium, { enableGarageSaleAlerts: true }),
        payload: { ...member(premium, { enableGarageSaleAlerts: true }).payload, subscriptionTier: 'premium' as const },
      });
      for (const id of [scoutOff, free, premium]) await at(id, 500);
      await deliver(posted(poster, { isScoutFind: true }));
      await deliver(posted(poster, { isGarageSale: true, title: 'Moving sale' }));
      expect((await inbox(scoutOff)).map((n) => n.type)).toEqual([]);
      expect((await inbox(free)).map((n) => n.title)).toEqual(['Scout Find Nearby']);
      expect((await inbox(premium)).map((n) => n.title)).toEqual(['Garage Sale Nearby', 'Scout Find Nearby']);
    });

    const voted = (posterId: string, voterId: string, votes: number, itemId = randomUUID()) =>
      envelope(Events.itemVoted.subject, {
        itemId,
        posterId,
        voterId,
        votes,
        localDate: '2026-11-23',
        title: 'Walnut sideboard',
        publicLat: HERE.lat,
        publicLng: HERE.lng,
      });

    it(`asks the neighbours around an item to vote when it reaches ${VOTING_PROMPT_VOTES} votes: voting alerts on only, never the poster or the voter`, async () => {
      const [keen, quiet, far, poster, voter] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      await deliver(member(keen, { enableVotingAlerts: true }));
      await deliver(member(poster, { enableVotingAlerts: true }));
      await deliver(member(voter, { enableVotingAlerts: true }));
      await deliver(member(far, { enableVotingAlerts: true }));
      for (const id of [keen, quiet, poster, voter]) await at(id, 800);
      await at(far, 6_000);
      const itemId = randomUUID();
      await deliver(voted(poster, voter, VOTING_PROMPT_VOTES - 1, itemId));
      expect(await inbox(keen)).toEqual([]);
      const third = voted(poster, voter, VOTING_PROMPT_VOTES, itemId);
      await deliver(third);
      await deliver({ ...third });
      await deliver(voted(poster, randomUUID(), VOTING_PROMPT_VOTES + 1, itemId));
      const prompts = await inbox(keen);
      expect(prompts).toHaveLength(1);
      expect(prompts[0]).toMatchObject({
        type: 'voting_prompt',
        title: 'Neighbours Are Voting',
        message: 'Neighbours are voting for "Walnut sideboard", 0.5 mi from you. Have a look and add your vote to Top Finds Today.',
      });
      expect(JSON.parse(prompts[0].data)).toEqual({ itemId, distance: 0.5 });
      for (const id of [quiet, far, poster, voter]) expect(await inbox(id)).toEqual([]);
    });

    it(`counts only established members' votes toward the prompt: votes from new accounts, however many, ask nobody`, async () => {
      const [keen, poster] = [randomUUID(), randomUUID()];
      await deliver(member(keen, { enableVotingAlerts: true }));
      await at(keen, 800);
      const itemId = randomUUID();
      const vote = (votes: number, countedVotes: number, counted: boolean) => {
        const event = voted(poster, randomUUID(), votes, itemId);
        return { ...event, payload: { ...event.payload, countedVotes, counted } };
      };
      // Five votes from accounts made a minute ago, two of them counted before: the fifth (not counted) asks nobody.
      for (const [votes, countedVotes, counted] of [
        [3, 1, false],
        [4, 2, true],
        [5, 2, false],
      ] as const)
        await deliver(vote(votes, countedVotes, counted));
      expect(await inbox(keen)).toEqual([]);
      // The established member's vote that makes it three does.
      await deliver(vote(6, VOTING_PROMPT_VOTES, true));
      expect((await inbox(keen)).map((n) => n.type)).toEqual(['voting_prompt']);
    });

    it('writes a post reaching hundreds of members in one go: each qualifying member once, as their switch and radius say, with ids the contract accepts', async () => {
      const db = sut.service.runtime.dataSource;
      const poster = randomUUID();
      const seeded = async (group: string, count: number, metres: number, flags: object, radiusMiles: number) => {
        const ids = Array.from({ length: count }, () => randomUUID());
        await db.query(`INSERT INTO notifications.positions (user_id, lat, lng) SELECT u, $2::float8, $3::float8 FROM unnest($1::uuid[]) u`, [
          ids,
          offset(metres).lat,
          offset(metres).lng,
        ]);
        // As mirrorMember keeps them: the newest settings and every version with when it took effect.
        await db.query(
          `INSERT INTO notifications.members (user_id, flags, radius_miles, tier, version) SELECT u, $2, $3, 'free', 1 FROM unnest($1::uuid[]) u`,
          [ids, JSON.stringify({ ...NOTIFICATION_FLAG_DEFAULTS, ...flags }), radiusMiles],
        );
        await db.query(
          `INSERT INTO notifications.member_versions (user_id, version, occurred_at, flags, radius_miles, tier)
           SELECT u, 1, '-infinity', $2, $3, 'free' FROM unnest($1::uuid[]) u`,
          [ids, JSON.stringify({ ...NOTIFICATION_FLAG_DEFAULTS, ...flags }), radiusMiles],
        );
        return { group, ids };
      };
      const groups = [
        await seeded('on', 300, 900, {}, 2),
        await seeded('switched off', 100, 900, { enableNewItemAlerts: false }, 2),
        await seeded('outside their radius', 100, 1_500, {}, 0.5),
        await seeded('unknown until now, default settings', 0, 0, {}, 2),
      ];
      const unknown = Array.from({ length: 50 }, () => randomUUID());
      await db.query(`INSERT INTO notifications.positions (user_id, lat, lng) SELECT u, $2::float8, $3::float8 FROM unnest($1::uuid[]) u`, [
        unknown,
        HERE.lat,
        HERE.lng,
      ]);
      groups[3].ids.push(...unknown);
      const first = posted(poster);
      await deliver(first);
      await deliver({ ...first });
      await deliver(posted(poster, { title: 'Oak bookcase' }));

      const rows: { user_id: string; id: string; seq: string; title: string; message: string; data: string }[] = await db.query(
        `SELECT user_id, id, seq::text, title, message, data FROM notifications.notifications WHERE user_id = ANY ($1::uuid[]) ORDER BY seq`,
        [groups.flatMap((g) => g.ids)],
      );
      const perMember = new Map<string, number>();
      for (const row of rows) perMember.set(row.user_id, (perMember.get(row.user_id) ?? 0) + 1);
      const reached = (ids: string[]) => ids.filter((id) => perMember.has(id)).length;
      expect(groups.map((g) => [g.group, reached(g.ids)])).toEqual([
        ['on', 300],
        ['switched off', 0],
        ['outside their radius', 0],
        ['unknown until now, default settings', 50],
      ]);
      // Two posts, each once per member however often it arrived.
      expect(new Set(perMember.values())).toEqual(new Set([2]));
      expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
      expect(rows.filter((r) => !notificationSchema.shape.id.safeParse(r.id).success)).toEqual([]);
      const near = rows.find((r) => r.user_id === groups[0].ids[0] && r.message.includes('Blue armchair'));
      expect(near).toMatchObject({ title: 'New Item Nearby', message: '"Blue armchair" was just posted 0.6 mi from you' });
      expect(JSON.parse(near!.data)).toEqual({ itemId: first.payload.itemId, distance: 0.6 });
      // Newest first in the member's panel, the later post on top.
      expect((await inbox(groups[0].ids[0])).map((n) => n.message)).toEqual([
        '"Oak bookcase" was just posted 0.6 mi from you',
        '"Blue armchair" was just posted 0.6 mi from you',
      ]);
    });

    it(`writes a post reaching more than ${MEMBERS_PER_SLICE} members in slices, Pro members first, each member once across the slices' edges, however often it arrives`, async () => {
      const db = sut.service.runtime.dataSource;
      const there = { lat: 10.0, lng: 10.0 };
      // The edges of two slices (memberSlices): the first and last ids, and both sides of the middle.
      const edges = [
        '00000000-0000-0000-0000-000000000000',
        '7fffffff-ffff-ffff-ffff-ffffffffffff',
        '80000000-0000-0000-0000-000000000000',
        'ffffffff-ffff-ffff-ffff-ffffffffffff',
      ];
      // Two Pro members in the last slice: one on Pro before the position was known, one since (both orders of arrival).
      const pro = ['ffffffff-0000-4000-8000-000000000001', 'ffffffff-0000-4000-8000-000000000002'];
      const members = [...edges, ...pro, ...Array.from({ length: MEMBERS_PER_SLICE }, () => randomUUID())];
      await deliver(memberOnPlan(pro[0], 'pro'));
      await db.query(`INSERT INTO notifications.positions (user_id, lat, lng) SELECT u, $2::float8, $3::float8 FROM unnest($1::uuid[]) u`, [
        members,
        there.lat,
        there.lng,
      ]);
      await deliver(memberOnPlan(pro[1], 'pro'));
      const event = itemPostedAt(there);
      const written = async () =>
        (await db.query(
          `SELECT count(*)::int AS n, count(DISTINCT user_id)::int AS members, count(DISTINCT created_at)::int AS transactions
           FROM notifications.notifications WHERE source_event_id = $1`,
          [event.id],
        )) as { n: number; members: number; transactions: number }[];
      await deliver(event);
      // The Pro pass, then two slices.
      expect(await written()).toEqual([{ n: members.length, members: members.length, transactions: 3 }]);
      const firstWritten = await db.query(`SELECT user_id FROM notifications.notifications WHERE source_event_id = $1 ORDER BY seq LIMIT $2`, [
        event.id,
        pro.length,
      ]);
      expect(firstWritten.map((r: { user_id: string }) => r.user_id).sort()).toEqual(pro);
      const reachedEdges = await db.query(`SELECT user_id FROM notifications.notifications WHERE source_event_id = $1 AND user_id = ANY ($2::uuid[])`, [
        event.id,
        edges,
      ]);
      expect(reachedEdges).toHaveLength(edges.length);
      await deliver({ ...event });
      expect(await written()).toEqual([{ n: members.length, members: members.length, transactions: 3 }]);
    }, 60_000);

    it('writes one alert per member however often the post arrives', async () => {
      const [neighbour, poster] = [randomUUID(), randomUUID()];
      await at(neighbour, 100);
      const event = posted(poster);
      await deliver(event);
      await deliver({ ...event });
      expect(await inbox(neighbour)).toHaveLength(1);
    });
  });

  describe('live signals', () => {
    let heard: LiveNotificationSignal[] = [];
    let stop: () => void;
    beforeAll(async () => {
      stop = await sut.infrastructure.live.subscribe(LIVE_NOTIFICATIONS_TOPIC, (signal) => heard.push(signal as LiveNotificationSignal));
    });
    afterAll(() => stop());
    beforeEach(() => {
      heard = [];
    });
    const live = (users: { userId: string; ids?: string[]; afterSeq?: string }[]) => sut.call(Calls.notifications.live, { users });
    const signalled = (userId: string) => heard.flatMap((s) => s.entries).filter(([id]) => id === userId);

    it('names each new notification after its commit, and answers it (with its cursor) only to its own member', async () => {
      const [owner, stranger] = [randomUUID(), randomUUID()];
      await deliver(envelope(Events.rankChanged.subject, { userId: owner, from: 'Newbie' as const, to: 'Scout' as const, points: 100, version: 3 }));
      await waitFor(async () => signalled(owner).length === 1, { what: 'the signal' });
      const [[, notificationId]] = signalled(owner);
      const [stored] = await inbox(owner);
      expect(notificationId).toBe(stored.id);

      const answer = await live([
        { userId: owner, ids: [stored.id] },
        { userId: stranger, ids: [stored.id] },
      ]);
      const mine = answer.users.find((u) => u.userId === owner);
      expect(mine).toMatchObject({ count: 1, notifications: [{ ...stored, seq: expect.stringMatching(/^\d+$/) }] });
      expect(answer.users.find((u) => u.userId === stranger)).toEqual({ userId: stranger, count: 0, notifications: [] });
    });

    it('catches a reconnecting stream up from its cursor, oldest first', async () => {
      const owner = randomUUID();
      for (const title of ['A', 'B', 'C']) {
        await deliver(envelope(Events.itemExpiring.subject, { itemId: randomUUID(), posterId: owner, title, expiresAt: new Date().toISOString() }));
      }
      const [first] = (await live([{ userId: owner, afterSeq: '0' }])).users[0].notifications;
      const rest = (await live([{ userId: owner, afterSeq: first.seq }])).users[0].notifications;
      expect([first, ...rest].map((n) => n.message)).toEqual([
        '"A" expires in less than an hour.',
        '"B" expires in less than an hour.',
        '"C" expires in less than an hour.',
      ]);
      expect((await live([{ userId: owner, afterSeq: rest[1].seq }])).users[0]).toMatchObject({ count: 3, notifications: [] });
    });

    it('signals a count change when one or all are read, and gives the count alone with push switched off', async () => {
      const owner = randomUUID();
      await deliver(member(owner, { enablePushNotifications: false }, 5));
      await deliver(envelope(Events.itemExpiring.subject, { itemId: randomUUID(), posterId: owner, title: 'Desk', expiresAt: new Date().toISOString() }));
      const [stored] = await inbox(owner);
      expect((await live([{ userId: owner, ids: [stored.id] }])).users[0]).toEqual({ userId: owner, count: 1, notifications: [] });
      heard = [];
      await sut.call(Calls.notifications.markRead, { notificationId: stored.id }, owner);
      await waitFor(async () => signalled(owner).length === 1, { what: 'the count signal' });
      expect(signalled(owner)).toEqual([[owner, null]]);
    });

    it('goes out in batches for a post that reaches many members, naming each once', async () => {
      const poster = randomUUID();
      const members = Array.from({ length: 1500 }, () => randomUUID());
      await sut.service.runtime.dataSource.query(
        `INSERT INTO notifications.positions (user_id, lat, lng) SELECT u, 40.0, -100.0 FROM unnest($1::uuid[]) AS u`,
        [members],
      );
      await deliver(itemPostedAt({ lat: 40.0, lng: -100.0 }, { posterId: poster, title: 'Crib', category: 'Kids' }));
      await waitFor(async () => heard.flatMap((s) => s.entries).length >= 1500, { what: 'every member signalled' });
      expect(heard.map((s) => s.entries.length)).toEqual([1000, 500]);
      expect(new Set(heard.flatMap((s) => s.entries.map(([userId]) => userId)))).toEqual(new Set(members));
    });
  });

  it('counts unread, marks one or all read for their owner only', async () => {
    const [owner, stranger] = [randomUUID(), randomUUID()];
    const count = (userId: string) => sut.call(Calls.notifications.count, {}, userId);
    await deliver(envelope(Events.rankChanged.subject, { userId: owner, from: 'Newbie' as const, to: 'Scout' as const, points: 100, version: 3 }));
    await deliver(envelope(Events.itemExpiring.subject, { itemId: randomUUID(), posterId: owner, title: 'Chair', expiresAt: new Date().toISOString() }));
    await deliver(envelope(Events.itemExpiring.subject, { itemId: randomUUID(), posterId: stranger, title: 'Lamp', expiresAt: new Date().toISOString() }));
    expect(await count(owner)).toEqual({ count: 2 });
    expect(await count(stranger)).toEqual({ count: 1 });
    const [newest] = await inbox(owner);

    // Somebody else's notification is not found, like one that does not exist, and stays unread.
    expect(await refusal(sut.call(Calls.notifications.markRead, { notificationId: newest.id }, stranger))).toBe(NotificationError.NOT_FOUND);
    expect(await refusal(sut.call(Calls.notifications.markRead, { notificationId: randomUUID() }, owner))).toBe(NotificationError.NOT_FOUND);
    expect(await count(owner)).toEqual({ count: 2 });
    expect(await sut.call(Calls.notifications.readAll, {}, stranger)).toEqual({ success: true, count: 1 });
    expect(await count(owner)).toEqual({ count: 2 });

    expect(await sut.call(Calls.notifications.markRead, { notificationId: newest.id }, owner)).toEqual({ success: true });
    expect((await inbox(owner, true)).map((n) => n.id)).not.toContain(newest.id);
    expect((await inbox(owner)).find((n) => n.id === newest.id)).toMatchObject({ isRead: true });
    expect(await count(owner)).toEqual({ count: 1 });
    expect(await sut.call(Calls.notifications.readAll, {}, owner)).toEqual({ success: true, count: 1 });
    expect(await count(owner)).toEqual({ count: 0 });
    expect(await sut.call(Calls.notifications.readAll, {}, owner)).toEqual({ success: true, count: 0 });
    expect(await refusal(sut.call(Calls.notifications.count, {}))).toBe(ErrorCode.UNAUTHENTICATED);
  });

  it('lists the newest first, at most the limit asked', async () => {
    const owner = randomUUID();
    for (const title of ['A', 'B', 'C']) {
      await deliver(envelope(Events.itemExpiring.subject, { itemId: randomUUID(), posterId: owner, title, expiresAt: new Date().toISOString() }));
    }
    const page = await sut.call(Calls.notifications.list, { unreadOnly: 'false', limit: 2 }, owner);
    expect(page.map((n) => n.message)).toEqual(['"C" expires in less than an hour.', '"B" expires in less than an hour.']);
  });
});
