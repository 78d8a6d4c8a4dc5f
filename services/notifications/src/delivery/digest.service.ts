import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DIGEST_LOCAL_HOUR, Events } from '@curbside/contracts';
import { affectedCount, APP_CONFIG, AppConfig, createLogger, EventOutbox, RepeatingSweep, startRepeatingSweep, timeZoneAt } from '@curbside/platform';
import { DataSource } from 'typeorm';
import { DigestAlert, DeliveriesRepository } from './deliveries.repository';
import { inQuietHours, localMinutes } from './delivery-rules';

/** Alerts one digest lists at most (the rest are in the app). */
const DIGEST_MAX = 30;
/**
 * How far back a digest looks for alerts no mail carried: two days, so an alert that showed after one day's digest
 * (or in a 25-hour day, or on a day whose digest waited out quiet hours) is in the next one. Each alert is mailed once.
 */
const DIGEST_LOOKBACK_HOURS = 48;

/** The local calendar day in a time zone, as YYYY-MM-DD. */
function localDay(at: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

/**
 * Free members' e-mail (DESIGN §6): one digest a day at 18:00 in their time zone with the alerts no mail carried yet
 * and that they have not read in the app, instead of single mails; like any item alert's mail, never in their quiet
 * hours (a digest due inside them waits until they end or, past midnight, for the next evening). A sweep
 * (DIGEST_SWEEP_SECONDS) finds whose is due; each member's day is claimed in the database (members.digest_sent_on) in
 * the transaction that asks users to send it, so any number of replicas send it once.
 */
@Injectable()
export class DigestService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = createLogger('digest');
  private sweeps: RepeatingSweep | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
    private readonly deliveries: DeliveriesRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeps = startRepeatingSweep(() => this.sweep(new Date()), {
      everyMs: this.config.DIGEST_SWEEP_SECONDS * 1000,
      onError: (err) => this.log.error({ err }, 'digest sweep failed'),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeps?.stop();
  }

  /** Sends every digest due at `now`; answers how many went out. */
  async sweep(now: Date): Promise<number> {
    const candidates: { user_id: string; digest_sent_on: string | null; quiet_hours: string | null; lat: number | null; lng: number | null }[] =
      await this.dataSource.query(
        `SELECT m.user_id, m.digest_sent_on::text AS digest_sent_on, m.quiet_hours, p.lat, p.lng FROM notifications.members m
         LEFT JOIN notifications.positions p ON p.user_id = m.user_id
         WHERE m.tier = 'free' AND coalesce((m.flags ->> 'enableEmailNotifications')::boolean, false)`,
      );
    let sent = 0;
    for (const member of candidates) {
      const timeZone = timeZoneAt(member.lat, member.lng);
      const day = localDay(now, timeZone);
      if (member.digest_sent_on === day || localMinutes(now, timeZone) < DIGEST_LOCAL_HOUR * 60) continue;
      if (inQuietHours(now, timeZone, member.quiet_hours)) continue;
      const went = await this.outbox.transaction(async (tx) => {
        // The alerts not mailed yet: a member with none is looked at again next sweep (the day is not spent).
        const alerts = await this.deliveries.notMailed(tx.manager, member.user_id, now, DIGEST_LOOKBACK_HOURS);
        if (alerts.length === 0) return false;
        // 0 when another sweep took this member's day first.
        const claimed = await affectedCount(
          tx.manager,
          `UPDATE notifications.members SET digest_sent_on = $2 WHERE user_id = $1 AND digest_sent_on IS DISTINCT FROM $2`,
          [member.user_id, day],
        );
        if (claimed === 0) return false;
        // Every alert of the day is mailed now, the ones left out of a long list too: none comes again tomorrow.
        await this.deliveries.claim(
          tx.manager,
          alerts.map((a) => ({ notificationId: a.id, userId: member.user_id, channel: 'email' as const })),
        );
        const listed = oneLinePerItem(alerts).slice(0, DIGEST_MAX);
        tx.emit(Events.notificationMailRequested, {
          messages: [
            {
              userId: member.user_id,
              notificationId: null,
              subject: `Curbside: your alerts today (${listed.length})`,
              text: `What happened near you today:\n\n${listed.map((a) => `- ${a.title}: ${a.message}`).join('\n')}`,
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

/** The newest alert about each item (a new item and a saved-search match for the same couch are one line), newest first. */
function oneLinePerItem(alerts: DigestAlert[]): DigestAlert[] {
  const seen = new Set<string>();
  return alerts.filter((a) => {
    const about = a.item_id ?? a.id;
    if (seen.has(about)) return false;
    seen.add(about);
    return true;
  });
}
