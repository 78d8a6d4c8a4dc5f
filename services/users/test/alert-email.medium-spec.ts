import { randomUUID } from 'node:crypto';
import { Calls, CONFIRMATION_MAILS_PER_ADDRESS, EmailError, EMAIL_CONFIRMATION_HOURS } from '@curbside/contracts';
import { MailReceiver, ServiceUnderTest, startServiceUnderTest, waitFor } from '@curbside/testing';
import { ALERT_MAIL_GIVE_UP_SECONDS, AlertEmailService, alertMailRetryInSeconds } from '../src/mail/alert-email.service';
import { LogMailer, MAILER } from '../src/mail/mailer';
import { usersService } from '../src/users.definition';
import { refusalOf } from './users-world';

/** Alert e-mail on the real PostgreSQL: confirmation mails limited per address, alert mails once each and only after the commit. */
describe(AlertEmailService.name, () => {
  let sut: ServiceUnderTest;
  beforeAll(async () => {
    sut = await startServiceUnderTest(usersService);
  });
  afterAll(() => sut?.stop());

  const mailer = () => sut.service.app.get<LogMailer>(MAILER);
  const mailsTo = (address: string) => mailer().recent.filter((m) => m.to === address);
  const member = async () => (await sut.call(Calls.users.create, {})).user.id;
  const setEmail = (userId: string, email: string) => sut.call(Calls.users.setAlertEmail, { email }, userId);

  it(`sends at most ${CONFIRMATION_MAILS_PER_ADDRESS} confirmation mails a day to one address, whoever asks, then answers when to try again`, async () => {
    const address = `inbox-${randomUUID()}@example.org`;
    const [first, second] = [await member(), await member()];
    await setEmail(first, address);
    await setEmail(second, address);
    for (let i = 2; i < CONFIRMATION_MAILS_PER_ADDRESS; i++) await setEmail(first, address);
    expect(mailsTo(address)).toHaveLength(CONFIRMATION_MAILS_PER_ADDRESS);

    const refused = await refusalOf(setEmail(await member(), address));
    expect(refused).toMatchObject({ code: EmailError.TOO_MANY_MAILS, message: expect.stringContaining('try again later') });
    expect(refused.retryAfterSeconds).toBeGreaterThan(EMAIL_CONFIRMATION_HOURS * 3600 - 60);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(EMAIL_CONFIRMATION_HOURS * 3600);
    expect(mailsTo(address)).toHaveLength(CONFIRMATION_MAILS_PER_ADDRESS);
    // Another address is not held back.
    expect(await setEmail(first, `other-${randomUUID()}@example.org`)).toEqual({ address: expect.any(String), confirmed: false });

    // A day later the oldest mail has left the window: one more may go.
    await sut.service.runtime.dataSource.query(
      `UPDATE users.confirmation_mails SET sent_at = sent_at - make_interval(hours => $2) WHERE address = $1 AND sent_at = (SELECT min(sent_at) FROM users.confirmation_mails WHERE address = $1)`,
      [address, EMAIL_CONFIRMATION_HOURS],
    );
    await setEmail(second, address);
    expect(mailsTo(address)).toHaveLength(CONFIRMATION_MAILS_PER_ADDRESS + 1);
  });

  it('counts parallel requests for one address in the database: never more mails than the limit', async () => {
    const address = `race-${randomUUID()}@example.org`;
    const members = await Promise.all(Array.from({ length: CONFIRMATION_MAILS_PER_ADDRESS + 3 }, () => member()));
    const outcomes = await Promise.allSettled(members.map((id) => setEmail(id, address)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(CONFIRMATION_MAILS_PER_ADDRESS);
    expect(mailsTo(address)).toHaveLength(CONFIRMATION_MAILS_PER_ADDRESS);
  });

  it('mails an alert once however often it is asked, and only once the request is committed', async () => {
    const userId = await member();
    const address = `alerts-${randomUUID()}@example.org`;
    await setEmail(userId, address);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mailsTo(address)[0].text)![1];
    await sut.call(Calls.users.confirmAlertEmail, { token }, undefined);
    await sut.call(Calls.users.updatePreferences, { enableEmailNotifications: true }, userId);

    const notificationId = randomUUID();
    const request = { messages: [{ userId, notificationId, subject: 'Curbside: Green couch', text: 'A couch near you', path: `/items/${randomUUID()}` }] };
    const service = sut.service.app.get(AlertEmailService);
    const outbox = sut.service.runtime.outbox;
    // A transaction that fails after deciding: nothing was mailed, and the next try mails it.
    await expect(
      outbox.transaction(async (tx) => {
        await service.mailAll(tx, request);
        throw new Error('the commit failed');
      }),
    ).rejects.toThrow('the commit failed');
    expect(mailsTo(address)).toHaveLength(1);
    await outbox.transaction((tx) => service.mailAll(tx, request));
    await outbox.transaction((tx) => service.mailAll(tx, request));
    // Sent after the commit: once, however often it was asked.
    await waitFor(async () => mailsTo(address).length > 1, { what: 'the alert mail' });
    expect(await service.sendDueMails()).toBe(0);
    const alerts = mailsTo(address).slice(1);
    expect(alerts).toHaveLength(1);
    expect(alerts[0].headers).toMatchObject({
      'List-Unsubscribe': expect.stringContaining('/api/email/unsubscribe?token='),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});

/** Alert mails through a real SMTP server of the test's own that is sometimes too busy: a refused mail is tried again. */
describe(`${AlertEmailService.name} with a mail server that refuses`, () => {
  let sut: ServiceUnderTest;
  let server: MailReceiver;
  beforeAll(async () => {
    server = await MailReceiver.start();
    sut = await startServiceUnderTest(usersService, { SMTP_URL: server.url });
  });
  afterAll(async () => {
    await sut?.stop();
    await server?.close();
  });

  const queued = async (address: string) =>
    (await sut.service.runtime.dataSource.query(`SELECT attempts FROM users.alert_mail_queue WHERE to_address = $1`, [address])) as { attempts: number }[];
  const subscriber = async () => {
    const userId = (await sut.call(Calls.users.create, {})).user.id;
    const address = `busy-${randomUUID()}@example.org`;
    await sut.call(Calls.users.setAlertEmail, { email: address }, userId);
    await waitFor(async () => server.to(address).length === 1, { what: 'the confirmation mail' });
    const token = /token=([A-Za-z0-9_-]+)/.exec(server.to(address)[0].text)![1];
    await sut.call(Calls.users.confirmAlertEmail, { token }, undefined);
    await sut.call(Calls.users.updatePreferences, { enableEmailNotifications: true }, userId);
    return { userId, address };
  };
  const alert = (userId: string, subject: string) => ({
    messages: [{ userId, notificationId: randomUUID(), subject, text: 'A couch near you', path: `/items/${randomUUID()}` }],
  });

  it('keeps a refused alert mail queued and sends it on a later try, once', async () => {
    const { userId, address } = await subscriber();
    server.refuseNext(1);
    const service = sut.service.app.get(AlertEmailService);
    await sut.service.runtime.outbox.transaction((tx) => service.mailAll(tx, alert(userId, 'Curbside: Green couch')));
    // The send after the commit was refused: the mail waits, with its next try set by the back-off.
    await waitFor(async () => (await queued(address)).length === 1 && (await queued(address))[0].attempts === 1, { what: 'the refused mail queued' });
    expect(server.to(address)).toHaveLength(1);
    expect(await service.sendDueMails()).toBe(0);
    expect(alertMailRetryInSeconds(1)).toBe(60);

    await sut.service.runtime.dataSource.query(`UPDATE users.alert_mail_queue SET next_attempt_at = now() WHERE to_address = $1`, [address]);
    expect(await service.sendDueMails()).toBe(1);
    expect(server.to(address).map((m) => m.subject)).toEqual([expect.stringContaining('Confirm'), 'Curbside: Green couch']);
    expect(await queued(address)).toEqual([]);
    expect(await service.sendDueMails()).toBe(0);
  });

  it('keeps the address set when the server refuses its confirmation mail, and sends the mail on a later try', async () => {
    const userId = (await sut.call(Calls.users.create, {})).user.id;
    const address = `refused-${randomUUID()}@example.org`;
    server.refuseNext(1);
    expect(await sut.call(Calls.users.setAlertEmail, { email: address }, userId)).toEqual({ address, confirmed: false });
    expect(server.to(address)).toEqual([]);
    expect(await queued(address)).toEqual([{ attempts: 1 }]);

    await sut.service.runtime.dataSource.query(`UPDATE users.alert_mail_queue SET next_attempt_at = now() WHERE to_address = $1`, [address]);
    expect(await sut.service.app.get(AlertEmailService).sendDueMails()).toBe(1);
    const token = /token=([A-Za-z0-9_-]+)/.exec(server.to(address)[0].text)![1];
    expect(await sut.call(Calls.users.confirmAlertEmail, { token }, undefined)).toEqual({ address, confirmed: true });
  });

  it('gives a mail up when the server still refuses it an hour after it was queued', async () => {
    const { userId, address } = await subscriber();
    server.refuseNext(2);
    const service = sut.service.app.get(AlertEmailService);
    await sut.service.runtime.outbox.transaction((tx) => service.mailAll(tx, alert(userId, 'Curbside: Old lamp')));
    await waitFor(async () => (await queued(address))[0]?.attempts === 1, { what: 'the refused mail queued' });
    await sut.service.runtime.dataSource.query(
      `UPDATE users.alert_mail_queue SET next_attempt_at = now(), created_at = now() - make_interval(secs => $2) WHERE to_address = $1`,
      [address, ALERT_MAIL_GIVE_UP_SECONDS + 1],
    );
    expect(await service.sendDueMails()).toBe(0);
    expect(await queued(address)).toEqual([]);
    expect(server.to(address)).toHaveLength(1);
  });
});
