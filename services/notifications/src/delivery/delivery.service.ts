import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Events, LIVE_SIGNAL_BATCH, NotificationType, SubscriptionTier } from '@curbside/contracts';
import { createLogger, EventOutbox, JOB_QUEUE, JobQueue, RepeatingSweep, startRepeatingSweep, timeZoneAt, Transaction } from '@curbside/platform';
import { LiveSignals } from '../store/live-signals';
import { claimKey, DeliveriesRepository, DeliveryChannel } from './deliveries.repository';
import { channelsFor, deliveryRank } from './delivery-rules';
import { payloadOf, PushService } from './push.service';

/** The job queue alerts wait in until they are due (BullMQ distributed, in-process embedded). */
export const DELIVERY_QUEUE = 'alert-delivery';
export interface DeliveryJob {
  ids: string[];
  /** How often the job was put back because it ran before its alerts' time. */
  attempt?: number;
  /** The job's row in delivery_jobs, kept until it has run (jobs queued before those rows existed have none). */
  kept?: string;
}

/** A notification just written to the store, as delivery needs it. */
export interface WrittenAlert {
  id: string;
  user_id: string;
  type: NotificationType;
  tier: SubscriptionTier;
  /** When it shows in the app and may leave it (visibleAtSql, delivery-rules.ts, as it was written). */
  visible_at: Date;
}

/**
 * How a write asks for delivery: when its event happened and whether it asked to go out at once whatever the
 * member's plan (members who asked for the item through a wanted post, DESIGN §6): they go first.
 */
export interface DeliveryRequest {
  occurredAt: string;
  immediate?: boolean;
}

/** Longest text we send: two SMS segments. */
const SMS_TEXT_MAX = 320;
/** Delivery jobs one process runs at once. */
const DELIVERY_CONCURRENCY = 4;
/** How often kept jobs are queued again (those due within the next sweep; the queue ignores one it holds already). */
const KEPT_JOBS_SWEEP_MS = 60_000;
/** A kept job still there this long after it was due was lost by the queue (it runs within seconds when the queue has it). */
const KEPT_JOB_LOST_AFTER_MS = 2 * 60_000;
/** Kept jobs queued again per sweep, oldest first. */
const KEPT_JOBS_PER_SWEEP = 500;
/** A job lost this many times is given up on (it fails whenever it runs): its alerts stay in the app. */
const KEPT_JOB_MAX_REQUEUES = 10;

/**
 * Every notification written to the store goes through here to the channels beyond the app (docs in this service's
 * README, "Delivery"): it waits in the job queue until its plan's time, then goes out on each channel its member's
 * switches, plan and quiet hours allow, once per channel however often the job runs.
 */
@Injectable()
export class DeliveryService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = createLogger('delivery');
  private sweeps: RepeatingSweep | null = null;

  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly outbox: EventOutbox,
    private readonly repository: DeliveriesRepository,
    private readonly push: PushService,
    private readonly live: LiveSignals,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.process<DeliveryJob, void>(DELIVERY_QUEUE, (job) => this.deliver(job.ids, job.attempt ?? 0, job.kept), {
      concurrency: DELIVERY_CONCURRENCY,
    });
    // At start too: an embedded app's queue is in memory, so its jobs waiting at a restart are queued again at once.
    this.sweeps = startRepeatingSweep(() => this.queueKeptJobs(), {
      everyMs: KEPT_JOBS_SWEEP_MS,
      atStart: true,
      onError: (err) => this.log.error({ err }, 'kept delivery jobs could not be queued again'),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sweeps?.stop();
  }

  /**
   * The write's notifications as delivery jobs: grouped by when they show (their plan's timing), pro members' (and
   * immediate ones) first among those due together, at most LIVE_SIGNAL_BATCH a job. The jobs are kept in the write's
   * transaction and join the queue once it commits; a job's id names its first notification, so the same write
   * scheduled twice waits once.
   */
  async schedule(tx: Transaction, rows: WrittenAlert[], request: DeliveryRequest): Promise<void> {
    if (rows.length === 0) return;
    const immediate = request.immediate ?? false;
    // A post's rows share their type, a handful of plans and so a handful of times: the group is found once per kind.
    const groupOf = new Map<string, { dueAt: number; rank: number; ids: string[] }>();
    const groups = new Map<string, { dueAt: number; rank: number; ids: string[] }>();
    for (const row of rows) {
      const dueAt = new Date(row.visible_at).getTime();
      const kind = `${row.type}:${row.tier}:${dueAt}`;
      let group = groupOf.get(kind);
      if (!group) {
        const rank = deliveryRank({ tier: row.tier, immediate });
        const key = `${dueAt}:${rank}`;
        group = groups.get(key) ?? { dueAt, rank, ids: [] };
        groups.set(key, group);
        groupOf.set(kind, group);
      }
      group.ids.push(row.id);
    }
    const jobs = [...groups.values()]
      .sort((a, b) => a.dueAt - b.dueAt || a.rank - b.rank)
      .flatMap((group) => {
        const chunks: KeptJob[] = [];
        for (let i = 0; i < group.ids.length; i += LIVE_SIGNAL_BATCH) {
          const ids = group.ids.slice(i, i + LIVE_SIGNAL_BATCH);
          chunks.push({ id: `deliver-${ids[0]}-${ids.length}`, ids, dueAt: group.dueAt });
        }
        return chunks;
      });
    await this.repository.keepJobs(tx.manager, jobs);
    tx.afterCommit(async () => {
      for (const job of jobs) await this.enqueue(job);
    });
  }

  /**
   * Into the queue under the kept job's id: while the queue holds a job by that id, adding it again does nothing. A
   * job put back because it ran early (`attempt` > 0) is named apart: the one putting it back is still running.
   */
  private async enqueue(job: KeptJob, attempt = 0): Promise<void> {
    const delayMs = Math.max(0, job.dueAt - Date.now());
    const jobId = attempt > 0 ? `${job.id}-${attempt}` : job.id;
    await this.jobs.add<DeliveryJob>(DELIVERY_QUEUE, { ids: job.ids, attempt, kept: job.id }, { jobId, delayMs }).catch((err: unknown) => {
      // The notifications are in the app all the same (they show at their time); the sweep queues the job again.
      this.log.error({ err, count: job.ids.length }, 'alert delivery could not be queued; it is kept and will be queued again');
    });
  }

  /** Kept jobs due before the next sweep go (back) into the queue; one lost too often is given up on. */
  async queueKeptJobs(now = new Date()): Promise<number> {
    const { queue, dropped } = await this.repository.jobsToQueue(
      new Date(now.getTime() + KEPT_JOBS_SWEEP_MS),
      new Date(now.getTime() - KEPT_JOB_LOST_AFTER_MS),
      KEPT_JOBS_PER_SWEEP,
      KEPT_JOB_MAX_REQUEUES,
    );
    for (const job of dropped) this.log.error({ job: job.id, count: job.ids.length }, 'a delivery job was lost too often and is given up on');
    for (const job of queue) await this.enqueue({ id: job.id, ids: job.ids, dueAt: job.due_at.getTime() });
    return queue.length;
  }

  /**
   * A due job: held alerts show in the app now (the live stream is told, once: the 'app' delivery), then the
   * channels each notification goes out on, decided now (settings, plan and quiet hours as they are now). A job
   * that runs before its alerts' time (clocks of two machines) waits again for the rest.
   */
  async deliver(ids: string[], attempt = 0, kept?: string): Promise<void> {
    const now = new Date();
    const rows = await this.repository.due(ids);
    const early = rows.filter((row) => row.visible_at.getTime() > now.getTime());
    const later = early.length > 0 ? { ids: early.map((r) => r.id), dueAt: Math.max(...early.map((r) => r.visible_at.getTime())) } : null;
    const due = rows.filter((row) => row.visible_at.getTime() <= now.getTime() && !row.is_read);
    const sends: { notificationId: string; userId: string; channel: DeliveryChannel }[] = [];
    for (const row of due) {
      if (row.held) sends.push({ notificationId: row.id, userId: row.user_id, channel: 'app' });
      const member = { tier: row.tier, flags: row.flags, quietHours: row.quiet_hours, timeZone: timeZoneAt(row.lat, row.lng) };
      for (const channel of channelsFor(row.type, member, now)) {
        // Most members of a city-wide post have no browser subscribed: a push claim for them would be a row per member for nothing.
        if (channel !== 'push' || row.has_push) sends.push({ notificationId: row.id, userId: row.user_id, channel });
      }
    }
    const claimed = await this.outbox.transaction(async (tx) => {
      const mine = await this.repository.claim(tx.manager, sends);
      const shown = due.filter((r) => mine.has(claimKey(r.id, 'app')));
      if (shown.length > 0) {
        // Into the live stream's order now, so a stream that reconnects after this point catches up on them.
        await this.repository.reorder(
          tx.manager,
          shown.map((r) => r.id),
        );
        tx.afterCommit(() => this.live.signal(shown.map((r) => [r.user_id, r.id])));
      }
      const texts = due
        .filter((r) => mine.has(claimKey(r.id, 'sms')))
        .map((r) => ({ userId: r.user_id, notificationId: r.id, text: smsText(r.title, r.message) }));
      for (let i = 0; i < texts.length; i += LIVE_SIGNAL_BATCH) tx.emit(Events.notificationTextRequested, { messages: texts.slice(i, i + LIVE_SIGNAL_BATCH) });
      const mails = due
        .filter((r) => mine.has(claimKey(r.id, 'email')))
        .map((r) => ({ userId: r.user_id, notificationId: r.id, subject: `Curbside: ${r.title}`.slice(0, 200), text: r.message, path: payloadOf(r).url }));
      for (let i = 0; i < mails.length; i += LIVE_SIGNAL_BATCH) tx.emit(Events.notificationMailRequested, { messages: mails.slice(i, i + LIVE_SIGNAL_BATCH) });
      return mine;
    });
    await this.push.pushAll(due.filter((r) => claimed.has(claimKey(r.id, 'push'))));
    if (kept) await this.repository.jobRan(kept, later);
    if (later) await this.enqueue({ id: kept ?? `deliver-${later.ids[0]}-${later.ids.length}`, ...later }, attempt + 1);
  }
}

/** A delivery job as kept (delivery_jobs) and queued. */
interface KeptJob {
  id: string;
  ids: string[];
  dueAt: number;
}

function smsText(title: string, message: string): string {
  const text = `Curbside: ${title}. ${message}`;
  return text.length > SMS_TEXT_MAX ? `${text.slice(0, SMS_TEXT_MAX - 1)}…` : text;
}
