import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events, LIVE_SIGNAL_BATCH, NotificationType, SubscriptionTier } from '@curbside/contracts';
import { APP_CONFIG, AppConfig, createLogger, EventOutbox, JOB_QUEUE, JobQueue, Transaction } from '@curbside/platform';
import tzlookup from '@photostructure/tz-lookup';
import { claimKey, DeliveriesRepository, DueRow } from './deliveries.repository';
import { Channel, channelsFor, deliveryDelayMs, deliveryRank, PlanDelays } from './delivery-rules';
import { payloadOf, PushService } from './push.service';

/** The job queue alerts wait in until they are due (BullMQ distributed, in-process embedded). */
export const DELIVERY_QUEUE = 'alert-delivery';
export interface DeliveryJob {
  ids: string[];
}

/** A notification just written to the store, as delivery needs it. */
export interface WrittenAlert {
  id: string;
  user_id: string;
  type: NotificationType;
  tier: SubscriptionTier;
}

/**
 * How a write asks for delivery: when its event happened (plan timing counts from then) and whether it must go out
 * at once whatever the member's plan (members who asked for the item through a wanted post, DESIGN §6).
 */
export interface DeliveryRequest {
  occurredAt: string;
  immediate?: boolean;
}

/** Longest text we send: two SMS segments. */
const SMS_TEXT_MAX = 320;
/** Delivery jobs one process runs at once. */
const DELIVERY_CONCURRENCY = 4;

/**
 * Every notification written to the store goes through here to the channels beyond the app (docs in this service's
 * README, "Delivery"): it waits in the job queue until its plan's time, then goes out on each channel its member's
 * switches, plan and quiet hours allow, once per channel however often the job runs.
 */
@Injectable()
export class DeliveryService implements OnApplicationBootstrap {
  private readonly log = createLogger('delivery');
  private readonly delays: PlanDelays;

  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly outbox: EventOutbox,
    private readonly repository: DeliveriesRepository,
    private readonly push: PushService,
  ) {
    this.delays = { freeSeconds: config.ALERT_DELAY_FREE_SECONDS, basicSeconds: config.ALERT_DELAY_BASIC_SECONDS };
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.process<DeliveryJob, void>(DELIVERY_QUEUE, (job) => this.deliver(job.ids), { concurrency: DELIVERY_CONCURRENCY });
  }

  /**
   * Once the write commits, its notifications join the queue: grouped by when they are due, pro members' (and
   * immediate ones) first among those due together, at most LIVE_SIGNAL_BATCH a job. A job's id names its first
   * notification, so the same write scheduled twice waits once.
   */
  schedule(tx: Transaction, rows: WrittenAlert[], request: DeliveryRequest): void {
    if (rows.length === 0) return;
    const now = new Date();
    const occurredAt = new Date(request.occurredAt);
    const immediate = request.immediate ?? false;
    const groups = new Map<string, { delayMs: number; rank: number; ids: string[] }>();
    for (const row of rows) {
      const delayMs = deliveryDelayMs({ type: row.type, tier: row.tier, occurredAt, immediate }, this.delays, now);
      const rank = deliveryRank({ tier: row.tier, immediate });
      const key = `${delayMs}:${rank}`;
      const group = groups.get(key) ?? { delayMs, rank, ids: [] };
      group.ids.push(row.id);
      groups.set(key, group);
    }
    const ordered = [...groups.values()].sort((a, b) => a.delayMs - b.delayMs || a.rank - b.rank);
    tx.afterCommit(async () => {
      for (const group of ordered) {
        for (let i = 0; i < group.ids.length; i += LIVE_SIGNAL_BATCH) {
          const ids = group.ids.slice(i, i + LIVE_SIGNAL_BATCH);
          await this.jobs.add<DeliveryJob>(DELIVERY_QUEUE, { ids }, { jobId: `deliver-${ids[0]}-${ids.length}`, delayMs: group.delayMs }).catch((err: unknown) => {
            // The notifications are in the app all the same; only their trip beyond it is lost.
            this.log.error({ err, count: ids.length }, 'alert delivery could not be queued');
          });
        }
      }
    });
  }

  /** A due job: the channels each notification goes out on, decided now (settings, plan and quiet hours as they are now). */
  async deliver(ids: string[]): Promise<void> {
    const now = new Date();
    const due = (await this.repository.due(ids)).filter((row) => !row.is_read);
    const sends: { notificationId: string; userId: string; channel: Channel }[] = [];
    for (const row of due) {
      const member = { tier: row.tier, flags: row.flags, quietHours: row.quiet_hours, timeZone: timeZoneOf(row) };
      for (const channel of channelsFor(row.type, member, now)) sends.push({ notificationId: row.id, userId: row.user_id, channel });
    }
    const claimed = await this.outbox.transaction(async (tx) => {
      const mine = await this.repository.claim(tx.manager, sends);
      const texts = due.filter((r) => mine.has(claimKey(r.id, 'sms'))).map((r) => ({ userId: r.user_id, notificationId: r.id, text: smsText(r.title, r.message) }));
      for (let i = 0; i < texts.length; i += LIVE_SIGNAL_BATCH) tx.emit(Events.notificationTextRequested, { messages: texts.slice(i, i + LIVE_SIGNAL_BATCH) });
      const mails = due
        .filter((r) => mine.has(claimKey(r.id, 'email')))
        .map((r) => ({ userId: r.user_id, notificationId: r.id, subject: `Curbside: ${r.title}`.slice(0, 200), text: r.message, path: payloadOf(r).url }));
      for (let i = 0; i < mails.length; i += LIVE_SIGNAL_BATCH) tx.emit(Events.notificationMailRequested, { messages: mails.slice(i, i + LIVE_SIGNAL_BATCH) });
      return mine;
    });
    await this.push.pushAll(due.filter((r) => claimed.has(claimKey(r.id, 'push'))));
  }
}

/** The member's time zone, from the position they last reported (UTC without one). */
export function timeZoneOf(row: Pick<DueRow, 'lat' | 'lng'>): string {
  if (row.lat === null || row.lng === null) return 'UTC';
  try {
    return tzlookup(Number(row.lat), Number(row.lng));
  } catch {
    return 'UTC';
  }
}

function smsText(title: string, message: string): string {
  const text = `Curbside: ${title}. ${message}`;
  return text.length > SMS_TEXT_MAX ? `${text.slice(0, SMS_TEXT_MAX - 1)}…` : text;
}
