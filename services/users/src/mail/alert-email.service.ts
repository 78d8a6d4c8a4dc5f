import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { CONFIRMATION_MAILS_PER_ADDRESS, DomainError, EMAIL_CONFIRMATION_HOURS, EmailError, EventPayload, Events } from '@curbside/contracts';
import { APP_CONFIG, AppConfig, createLogger, RepeatingSweep, startRepeatingSweep, Transaction } from '@curbside/platform';
import { DataSource } from 'typeorm';
import { UserEntity } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { MailRecordsRepository } from './mail-records.repository';
import { Mail, MAILER, Mailer, publicUrl } from './mailer';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** How often queued alert mails are looked at again (a mail the server refused waits at least this long). */
export const ALERT_MAIL_SWEEP_MS = 30_000;
/** How long a sender has a mail before another may take it: far beyond one SMTP exchange. */
const ALERT_MAIL_LEASE_SECONDS = 120;
/** Mails taken at a time. */
const ALERT_MAIL_BATCH = 50;
/** An alert mail still refused an hour after it was queued is given up: it is in the app, and that late it helps nobody. */
export const ALERT_MAIL_GIVE_UP_SECONDS = 3600;
/** Waits before the next try: 1, 2, 4, 8 then every 15 minutes. */
export const alertMailRetryInSeconds = (attempts: number) => Math.min(60 * 2 ** Math.max(0, attempts - 1), 900);
const newToken = () => randomBytes(32).toString('base64url');

/**
 * Alert e-mail (docs/product-rules.md, "Alert timing and channels"; docs/security.md): double opt-in (only the
 * confirmation link goes to an address until it is used, within 24 hours), alert mails only to a confirmed address,
 * each with a one-click unsubscribe (RFC 8058) that needs no sign-in.
 */
@Injectable()
export class AlertEmailService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = createLogger('alert-mail');
  private readonly baseUrl: string;
  private sweeps: RepeatingSweep | undefined;

  constructor(
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly users: UsersService,
    private readonly dataSource: DataSource,
    private readonly records: MailRecordsRepository,
  ) {
    this.baseUrl = publicUrl(config);
  }

  /** Mails queued before a restart, and those the server refused, go out on a timed sweep. */
  onApplicationBootstrap(): void {
    this.sweeps = startRepeatingSweep(() => this.sendDueMails(), {
      everyMs: ALERT_MAIL_SWEEP_MS,
      atStart: true,
      onError: (err) => this.log.warn({ err }, 'alert mail sweep failed; the next one will retry'),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.sweeps?.stop();
  }

  /**
   * A new address replaces the old one, unconfirmed, and gets the confirmation link (the token only in the mail);
   * at most CONFIRMATION_MAILS_PER_ADDRESS such mails a day go to one address, whoever asks (nothing changes then).
   */
  async setAddress(userId: string, email: string): Promise<{ address: string; confirmed: boolean }> {
    const token = newToken();
    const answer = await this.users.change(userId, async (user, tx) => {
      if (user.alertEmail === email && user.alertEmailConfirmedAt) return { address: email, confirmed: true };
      const retryAfterSeconds = await this.records.claimConfirmation(tx.manager, email, userId, CONFIRMATION_MAILS_PER_ADDRESS);
      if (retryAfterSeconds !== null) {
        throw new DomainError(
          EmailError.TOO_MANY_MAILS,
          `${CONFIRMATION_MAILS_PER_ADDRESS} confirmation mails went to this address today. Use the newest one, or try again later.`,
          retryAfterSeconds,
        );
      }
      user.alertEmail = email;
      user.alertEmailConfirmedAt = null;
      user.alertEmailTokenHash = hashOf(token);
      user.alertEmailTokenExpiresAt = new Date(Date.now() + EMAIL_CONFIRMATION_HOURS * 3600_000);
      user.unsubscribeToken ??= newToken();
      // Queued with the change, as alert mails are: a mail server that refuses it now does not undo the address (nor
      // turn the answer into an error); the sweep tries it again.
      await this.records.queueAlerts(tx.manager, [
        {
          to: email,
          subject: 'Confirm your e-mail for Curbside alerts',
          text:
            `Someone (hopefully you) asked for Curbside alerts at this address.\n\n` +
            `Confirm it within ${EMAIL_CONFIRMATION_HOURS} hours: ${this.baseUrl}/api/email/confirm?token=${token}\n\n` +
            `If it was not you, ignore this mail: nothing else will be sent here.`,
        },
      ]);
      return { address: email, confirmed: false };
    });
    if (!answer.confirmed) await this.sendDueMails().catch((err: unknown) => this.log.warn({ err }, 'the confirmation mail waits for the next sweep'));
    return answer;
  }

  async confirm(token: string): Promise<{ address: string; confirmed: boolean }> {
    const user = await this.dataSource.manager.findOneBy(UserEntity, { alertEmailTokenHash: hashOf(token) });
    if (!user?.alertEmail || !user.alertEmailTokenExpiresAt || user.alertEmailTokenExpiresAt.getTime() < Date.now()) {
      throw new DomainError(
        EmailError.LINK_INVALID,
        'This confirmation link has expired or was already used. Add your address again in notification settings.',
      );
    }
    return this.users.change(user.id, (u) => {
      if (u.alertEmailTokenHash !== hashOf(token) || !u.alertEmail) throw new DomainError(EmailError.LINK_INVALID, 'This confirmation link was already used.');
      u.alertEmailConfirmedAt = new Date();
      u.alertEmailTokenHash = null;
      u.alertEmailTokenExpiresAt = null;
      return { address: u.alertEmail, confirmed: true };
    });
  }

  /** Switches e-mail alerts off (the member turns them on again in settings); the same link twice is fine. */
  async unsubscribe(token: string): Promise<{ unsubscribed: boolean }> {
    const user = await this.dataSource.manager.findOneBy(UserEntity, { unsubscribeToken: token });
    if (!user) throw new DomainError(EmailError.LINK_INVALID, 'This unsubscribe link is not known.');
    await this.users.change(user.id, (u) => {
      u.notificationFlags = { ...u.notificationFlags, enableEmailNotifications: false };
    });
    return { unsubscribed: true };
  }

  /**
   * notification.mail-requested: each mail to its member's confirmed address, with one-click unsubscribe. Each
   * alert is recorded in this transaction (once per notification, so a redelivered request mails nobody twice) and
   * its mail queued in it; the mails leave after it commits, never from inside it (a transaction that fails after a
   * send would send again), and one the mail server refuses is tried again (`sendDueMails`). Answers the mails queued.
   */
  async mailAll(tx: Transaction, request: EventPayload<typeof Events.notificationMailRequested>): Promise<Mail[]> {
    const ids = [...new Set(request.messages.map((m) => m.userId))];
    const recipients: { id: string; alert_email: string; unsubscribe_token: string }[] = await tx.manager.query(
      `SELECT id, alert_email, unsubscribe_token FROM users.users
       WHERE id = ANY ($1::uuid[]) AND alert_email IS NOT NULL AND alert_email_confirmed_at IS NOT NULL AND unsubscribe_token IS NOT NULL
         AND coalesce((notification_flags ->> 'enableEmailNotifications')::boolean, false)`,
      [ids],
    );
    const byId = new Map(recipients.map((r) => [r.id, r]));
    const addressed = request.messages.flatMap((message) => {
      const to = byId.get(message.userId);
      return to ? [{ message, to }] : [];
    });
    const alerts = addressed.flatMap(({ message: m }) => (m.notificationId ? [{ notificationId: m.notificationId, userId: m.userId }] : []));
    const claimed = await this.records.claimAlerts(tx.manager, alerts);
    const mails = addressed
      .filter(({ message }) => message.notificationId === null || claimed.has(message.notificationId))
      .map(({ message, to }): Mail => {
        const unsubscribe = `${this.baseUrl}/api/email/unsubscribe?token=${to.unsubscribe_token}`;
        return {
          to: to.alert_email,
          subject: message.subject,
          text: `${message.text}\n\nOpen in Curbside: ${this.baseUrl}${message.path}\n\nNo more alert e-mails: ${unsubscribe}`,
          headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        };
      });
    await this.records.queueAlerts(tx.manager, mails);
    if (mails.length > 0) tx.afterCommit(() => void this.sendDueMails().catch((err: unknown) => this.log.warn({ err }, 'alert mails wait for the next sweep')));
    return mails;
  }

  /**
   * Sends the queued alert mails that are due, a batch at a time, until none is left: each the server takes leaves the
   * queue; one it refuses (or a server that cannot be reached) is tried again later, and given up an hour after it
   * was queued. One refused mail never holds back the others. Answers how many were sent.
   */
  async sendDueMails(): Promise<number> {
    let sent = 0;
    for (;;) {
      const due = await this.records.takeDueAlerts(ALERT_MAIL_BATCH, ALERT_MAIL_LEASE_SECONDS);
      for (const mail of due) {
        try {
          await this.mailer.send(mail);
          await this.records.sentAlert(mail.id);
          sent += 1;
        } catch (err) {
          const kept = await this.records.failedAlert(mail.id, alertMailRetryInSeconds(mail.attempts), ALERT_MAIL_GIVE_UP_SECONDS);
          this.log.warn({ err, to: mail.to, attempts: mail.attempts }, kept ? 'alert mail refused; it will be tried again' : 'alert mail given up');
        }
      }
      if (due.length < ALERT_MAIL_BATCH) return sent;
    }
  }
}
