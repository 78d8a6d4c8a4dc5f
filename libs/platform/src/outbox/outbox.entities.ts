import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Events written in the producer's transaction and relayed to the bus afterwards (STYLE §6). */
@Entity('outbox_events')
@Index('outbox_events_unpublished', ['occurredAt'], { where: 'published_at IS NULL' })
export class OutboxEventEntity {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  subject: string;

  @Column('jsonb')
  payload: unknown;

  @Column('timestamptz', { name: 'occurred_at' })
  occurredAt: Date;

  @Column('timestamptz', { name: 'published_at', nullable: true })
  publishedAt: Date | null;
}

/** Event ids a consumer has applied: the second delivery of an id does nothing. */
@Entity('processed_events')
export class ProcessedEventEntity {
  @PrimaryColumn('text')
  consumer: string;

  @PrimaryColumn('uuid', { name: 'event_id' })
  eventId: string;

  @Column('timestamptz', { name: 'processed_at' })
  processedAt: Date;
}
