import { randomUUID } from 'node:crypto';
import { Events, NOTIFICATION_FLAG_DEFAULTS } from '@curbside/contracts';
import { ServiceUnderTest, startServiceUnderTest } from '@curbside/testing';
import { DigestService } from '../src/delivery/digest.service';
import { notificationsService } from '../src/notifications.definition';

/**
 * Free members' daily e-mail digest on the real PostgreSQL (DESIGN §6): at 18:00 in the member's time zone (UTC
 * here: no position) and outside their quiet hours, once a day, each unread alert in one digest only, one line per item.
 */
describe(DigestService.name, () => {
  let sut: ServiceUnderTest;
  beforeAll(async () => {
    sut = await startServiceUnderTest(notificationsService, { DIGEST_SWEEP_SECONDS: '3600' });
  });
  afterAll(() => sut?.stop());

  const db = () => sut.service.runtime.dataSource;
  const freeMemberWithMail = async (quietHours: string | null = null) => {
    const userId = randomUUID();
    await db().query(`INSERT INTO notifications.members (user_id, flags, radius_miles, tier, version, quiet_hours) VALUES ($1, $2, 2, 'free', 1, $3)`, [
      userId,
      JSON.stringify({ ...NOTIFICATION_FLAG_DEFAULTS, enableEmailNotifications: true }),
      quietHours,
    ]);
    return userId;
  };
  /** An alert written at `createdAt` that shows at `visibleAt` (a free member's item alert shows 15 minutes late). */
  const alert = async (userId: string, title: string, itemId: string, createdAt: Date, visibleAt = createdAt, read = false) => {
    const [{ id }]: { id: string }[] = await db().query(
      `INSERT INTO notifications.notifications (id, user_id, type, title, message, data, source_event_id, created_at, visible_at, is_read)
       VALUES (gen_random_uuid(), $1, 'new_item_alert', $2, $3, $4, gen_random_uuid(), $5, $6, $7) RETURNING id`,
      [userId, title, `"${title}" near you`, JSON.stringify({ itemId }), createdAt.toISOString(), visibleAt.toISOString(), read],
    );
    return id;
  };
  /** The next time of day `hours`:`minutes` UTC still ahead (the digest's own clock is the sweep's argument). */
  const nextUtc = (hours: number, minutes = 0) => {
    const at = new Date();
    at.setUTCHours(hours, minutes, 0, 0);
    if (at.getTime() < Date.now()) at.setUTCDate(at.getUTCDate() + 1);
    return at;
  };
  const digests = async (userId: string): Promise<{ subject: string; text: string }[]> => {
    const rows: { payload: { messages: { userId: string; subject: string; text: string }[] } }[] = await db().query(
      `SELECT payload FROM notifications.outbox_events WHERE subject = $1 ORDER BY occurred_at`,
      [Events.notificationMailRequested.subject],
    );
    return rows.flatMap((r) => r.payload.messages).filter((m) => m.userId === userId);
  };
  const sweep = (at: Date) => sut.service.app.get(DigestService).sweep(at);

  it('lists each alert in one digest only, even when the next day’s window reaches back before the last digest, and one line per item', async () => {
    const userId = await freeMemberWithMail();
    // 20:00 UTC: past 18:00 local (UTC), before the default quiet hours.
    const at = nextUtc(20);
    const couch = randomUUID();
    await alert(userId, 'Green couch', couch, new Date(at.getTime() - 30 * 60_000));
    await alert(userId, 'Green couch matches your search', couch, new Date(at.getTime() - 20 * 60_000));
    await alert(userId, 'Lamp', randomUUID(), new Date(at.getTime() - 10 * 60_000));

    expect(await sweep(new Date(at.getTime() - 3 * 3600_000))).toBe(0); // 17:00: not yet
    expect(await sweep(at)).toBe(1);
    expect(await sweep(at)).toBe(0); // once a day
    const [first] = await digests(userId);
    expect(first.subject).toBe('Curbside: your alerts today (2)');
    expect(first.text).toContain('Green couch matches your search');
    expect(first.text).not.toContain('- Green couch: ');

    // The next evening: the window reaches back two days, to before the last digest; only the new alert is listed.
    const nextDay = new Date(at.getTime() + 22 * 3600_000);
    expect(await sweep(nextDay)).toBe(0); // nothing new: no mail, and the day is not spent
    await alert(userId, 'Bookshelf', randomUUID(), new Date(at.getTime() + 3600_000));
    expect(await sweep(nextDay)).toBe(1);
    const second = (await digests(userId))[1];
    expect(second.subject).toBe('Curbside: your alerts today (1)');
    expect(second.text).toContain('Bookshelf');
    expect(second.text).not.toMatch(/couch|Lamp/);
  });

  it('sends one digest when two sweeps (two replicas) reach the member at once', async () => {
    const userId = await freeMemberWithMail();
    const at = nextUtc(20);
    await alert(userId, 'Oak table', randomUUID(), new Date(at.getTime() - 30 * 60_000));
    await Promise.all([sweep(at), sweep(at)]);
    expect(await digests(userId)).toHaveLength(1);
  });

  it('mails an alert written before one digest and shown after it in the next one, a day later', async () => {
    const userId = await freeMemberWithMail();
    const at = nextUtc(18, 0);
    await alert(userId, 'Lamp', randomUUID(), new Date(at.getTime() - 3600_000));
    // Posted at 17:55; a free member's alert shows at 18:10, after the first sweep of the evening.
    const couch = await alert(userId, 'Couch', randomUUID(), new Date(at.getTime() - 5 * 60_000), new Date(at.getTime() + 10 * 60_000));
    expect(await sweep(new Date(at.getTime() + 30_000))).toBe(1);
    expect((await digests(userId))[0].text).not.toContain('Couch');
    // The next evening's digest carries it, though it was written more than 24 hours before.
    expect(await sweep(new Date(at.getTime() + 24 * 3600_000 + 30_000))).toBe(1);
    expect((await digests(userId))[1].text).toContain('Couch');
    const [{ n }] = await db().query(`SELECT count(*)::int AS n FROM notifications.deliveries WHERE notification_id = $1 AND channel = 'email'`, [couch]);
    expect(n).toBe(1);
  });

  it('leaves out alerts the member already read in the app, and sends nothing when all are read', async () => {
    const userId = await freeMemberWithMail();
    const at = nextUtc(19);
    await alert(userId, 'Read chair', randomUUID(), new Date(at.getTime() - 40 * 60_000), undefined, true);
    expect(await sweep(at)).toBe(0);
    await alert(userId, 'Unread desk', randomUUID(), new Date(at.getTime() - 20 * 60_000));
    expect(await sweep(at)).toBe(1);
    const [only] = await digests(userId);
    expect(only.subject).toBe('Curbside: your alerts today (1)');
    expect(only.text).toContain('Unread desk');
    expect(only.text).not.toContain('Read chair');
  });

  it('waits out the member’s quiet hours: none at 18:30 inside 17:00–19:00, one at 19:00; none at 23:00 inside the default ones', async () => {
    const custom = await freeMemberWithMail('17:00-19:00');
    const at = nextUtc(18, 30);
    await alert(custom, 'Bike', randomUUID(), new Date(at.getTime() - 60 * 60_000));
    expect(await sweep(at)).toBe(0);
    expect(await sweep(new Date(at.getTime() + 30 * 60_000))).toBe(1);

    const usual = await freeMemberWithMail();
    const late = nextUtc(23);
    await alert(usual, 'Rug', randomUUID(), new Date(late.getTime() - 30 * 60_000));
    expect(await sweep(late)).toBe(0);
    expect(await digests(usual)).toHaveLength(0);
    // The next evening, out of quiet hours, it goes with the rug in it.
    expect(await sweep(new Date(late.getTime() + 19 * 3600_000))).toBe(1);
    expect((await digests(usual))[0].text).toContain('Rug');
  });
});
