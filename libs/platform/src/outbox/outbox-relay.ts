import type { EventEnvelope } from '@curbside/contracts';
import { DataSource } from 'typeorm';
import type { EventBus } from '../events/event-bus.port';
import { createLogger } from '../logging/logger';
import { OutboxEventEntity } from './outbox.entities';

const BATCH = 200;

/**
 * Publishes committed outbox rows to the bus with the event id as the message id, oldest first. Rows are
 * claimed with FOR UPDATE SKIP LOCKED, so any number of replicas can relay the same schema. A crash between
 * publish and marking republishes: the bus dedupes by id and consumers are idempotent.
 */
export class OutboxRelay {
  private readonly log = createLogger('outbox-relay');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
    private readonly pollMs: number,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Relay now (called after a transaction that emitted events commits). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.runOnce(), ms);
  }

  private async runOnce(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = this.relayAll()
      .catch((err: unknown) => this.log.warn({ err }, 'outbox relay failed; will retry'))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const again = this.again;
        this.again = false;
        this.schedule(again ? 0 : this.pollMs);
      });
    await this.running;
  }

  private async relayAll(): Promise<void> {
    while (!this.stopped && (await this.relayBatch()) === BATCH);
  }

  /** Rows still to publish and the age of the oldest (for /metrics): the partial index on unpublished rows answers it. */
  async backlog(): Promise<{ backlog: number; oldestAgeSeconds: number }> {
    const [row] = (await this.dataSource
      .createQueryBuilder(OutboxEventEntity, 'e')
      .select('count(*)::int', 'backlog')
      .addSelect('coalesce(extract(epoch from now() - min(e.occurred_at)), 0)::float8', 'age')
      .where('e.published_at IS NULL')
      .getRawMany()) as { backlog: number; age: number }[];
    return { backlog: row?.backlog ?? 0, oldestAgeSeconds: Math.max(0, row?.age ?? 0) };
  }

  /** Returns how many events it published. */
  async relayBatch(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await manager
        .createQueryBuilder(OutboxEventEntity, 'e')
        .where('e.published_at IS NULL')
        .orderBy('e.occurred_at', 'ASC')
        .addOrderBy('e.id', 'ASC')
        .limit(BATCH)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      for (const row of rows) {
        const envelope: EventEnvelope = {
          id: row.id,
          subject: row.subject,
          occurredAt: row.occurredAt.toISOString(),
          payload: row.payload,
        };
        await this.bus.publish(envelope);
      }
      if (rows.length) {
        await manager
          .createQueryBuilder()
          .update(OutboxEventEntity)
          .set({ publishedAt: () => 'now()' })
          .whereInIds(rows.map((r) => r.id))
          .execute();
      }
      return rows.length;
    });
  }
}
