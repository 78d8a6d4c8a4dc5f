import { randomUUID } from 'node:crypto';
import { Events, NOTIFICATION_FLAG_DEFAULTS } from '@curbside/contracts';
import { ServiceUnderTest, startServiceUnderTest } from '@curbside/testing';
import { DigestService } from '../src/delivery/digest.service';
import { notificationsService } from '../src/notifications.definition';

/**
 * Free members' daily e-mail digest on the real PostgreSQL (DESIGN §6): at 18:00 in the member's time zone (UTC
 * here: no position), once a day, each alert in one digest only, one line per item.
 */
describe(DigestService.name, () => {
  let sut: ServiceUnderTest;
  beforeAll(async () => {
    sut = await startServiceUnderTest(notificationsService, { DIGEST_SWEEP_SECONDS: '3600' });
  });
  afterAll(() => sut?.stop());

  const db = () => sut.service.runtime.dataSource;
  const freeMemberWithMail = async () => {
    const userId = randomUUID();
    await db().query(`INSERT INTO notifications.members (user_id, flags, radius_miles, tier, version) VALUES ($1, $2, 2, 'free', 1)`, [
      userId,
      JSON.stringify({ ...NOTIFICATION_FLAG_DEFAULTS, enableEmailNotifications: true }),
    ]);
    return userId;
  };
  const alert = (userId: string, title: string, itemId: string, createdAt: Date) =>
    db().query(
      `INSERT INTO notifications.notifications (id, user_id, type, title, message, data, source_event_id, created_at)
       VALUES (gen_random_uuid(), $1, 'new_item_alert', $2, $3, $4, gen_random_uuid(), $5)`,
      [userId, title, `"${title}" near you`, JSON.stringify({ itemId }), createdAt.toISOString()],
    );
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
    // 23:00 UTC today or tomorrow, whichever is still ahead: past 18:00 local (UTC).
    const at = new Date();
    at.setUTCHours(23, 0, 0, 0);
    if (at.getTime() < Date.now()) at.setUTCDate(at.getUTCDate() + 1);
    const couch = randomUUID();
    await alert(userId, 'Green couch', couch, new Date(at.getTime() - 30 * 60_000));
    await alert(userId, 'Green couch matches your search', couch, new Date(at.getTime() - 20 * 60_000));
    await alert(userId, 'Lamp', randomUUID(), new Date(at.getTime() - 10 * 60_000));

    expect(await sweep(new Date(at.getTime() - 6 * 3600_000))).toBe(0); // 17:00: not yet
    expect(await sweep(at)).toBe(1);
    expect(await sweep(at)).toBe(0); // once a day
    const [first] = await digests(userId);
    expect(first.subject).toBe('Curbside: your alerts today (2)');
    expect(first.text).toContain('Green couch matches your search');
    expect(first.text).not.toContain('- Green couch: ');

    // The next evening: the day's window reaches back 24 hours, to before the last digest; only the new alert is listed.
    const nextDay = new Date(at.getTime() + 23 * 3600_000);
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
    const at = new Date();
    at.setUTCHours(23, 0, 0, 0);
    if (at.getTime() < Date.now()) at.setUTCDate(at.getUTCDate() + 1);
    await alert(userId, 'Oak table', randomUUID(), new Date(at.getTime() - 30 * 60_000));
    await Promise.all([sweep(at), sweep(at)]);
    expect(await digests(userId)).toHaveLength(1);
  });
});
