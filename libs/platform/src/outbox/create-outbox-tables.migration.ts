import { MigrationInterface, QueryRunner } from 'typeorm';

/** Shared by every service: the first migration of each schema. */
export class CreateOutboxTables1763800000000 implements MigrationInterface {
  name = 'CreateOutboxTables1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = (runner.connection.options as { schema: string }).schema;
    await runner.query(`
      CREATE TABLE "${schema}".outbox_events (
        id uuid PRIMARY KEY,
        subject text NOT NULL,
        payload jsonb NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    await runner.query(`CREATE INDEX outbox_events_unpublished ON "${schema}".outbox_events (occurred_at) WHERE published_at IS NULL`);
    await runner.query(`
      CREATE TABLE "${schema}".processed_events (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = (runner.connection.options as { schema: string }).schema;
    await runner.query(`DROP TABLE "${schema}".processed_events`);
    await runner.query(`DROP TABLE "${schema}".outbox_events`);
  }
}
