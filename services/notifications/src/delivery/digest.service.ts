import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DIGEST_LOCAL_HOUR, Events } from '@curbside/contracts';
import { APP_CONFIG, AppConfig, createLogger, EventOutbox } from '@curbside/platform';
import { DataSource } from 'typeorm';
import { timeZoneOf } from './delivery.service';
import { localMinutes } from './delivery-rules';

/** Alerts one digest lists at most (the rest are in the app). */
const DIGEST_MAX = 30;

/** The local calendar day in a time zone, as YYYY-MM-DD. */
function localDay(at: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

/**
 * Free members' e-mail (DESIGN §6): one digest a day at 18:00 in their time zone with the day's alerts, instead of
 * single mails. A sweep (DIGEST_SWEEP_SECONDS) finds whose is due; each member's day is claimed in the database
 * (members.digest_sent_on) in the transaction that asks users to send it, so any number of replicas send it once.
 */
@Injectable()
export class DigestService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = createLogger('digest');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.running ??= this.sweep(new Date())
        .then(() => undefined)
        .catch((err: unknown) => this.log.error({ err }, 'digest sweep failed'))
        .finally(() => (this.running = null));
    }, this.config.DIGEST_SWEEP_SECONDS * 1000);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Sends every digest due at `now`; answers how many went out. */
  async sweep(now: Date): Promise<number> {
    const candidates: { user_id: string; digest_sent_on: string | null; lat: number | null; lng: number | null }[] = await this.dataSource.query(
      `SELECT m.user_id, m.digest_sent_on::text AS digest_sent_on, p.lat, p.lng FROM notifications.members m
       LEFT JOIN notifications.positions p ON p.user_id = m.user_id
       WHERE m.tier = 'free' AND coalesce((m.flags ->> 'enableEmailNotifications')::boolean, false)`,
    );
    let sent = 0;
    for (const member of candidates) {
      const timeZone = timeZoneOf(member);
      const day = localDay(now, timeZone);
      if (member.digest_sent_on === day || localMinutes(now, timeZone) < DIGEST_LOCAL_HOUR * 60) continue;
      const went = await this.outbox.transaction(async (tx) => {
        // The day's alerts first: a member with none yet is looked at again next sweep (the day is not spent).
        const alerts: { title: string; message: string }[] = await tx.manager.query(
          `SELECT title, message FROM notifications.notifications WHERE user_id = $1 AND created_at > $2::timestamptz - interval '1 day'
           ORDER BY created_at DESC LIMIT $3`,
          [member.user_id, now.toISOString(), DIGEST_MAX],
        );
        if (alerts.length === 0) return false;
        const claimed: unknown[] = await tx.manager.query(
          `UPDATE notifications.members SET digest_sent_on = $2 WHERE user_id = $1 AND digest_sent_on IS DISTINCT FROM $2 RETURNING user_id`,
          [member.user_id, day],
        );
        if (claimed.length === 0) return false;
        tx.emit(Events.notificationMailRequested, {
          messages: [
            {
              userId: member.user_id,
              notificationId: null,
              subject: `Curbside: your alerts today (${alerts.length})`,
              text: `What happened near you today:\n\n${alerts.map((a) => `- ${a.title}: ${a.message}`).join('\n')}`,
              path: '/',
            },
          ],
        });
        return true;
      });
      if (went) sent += 1;
    }
    return sent;
  }
}
