import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Idempotency-Key records of a service with creating calls (see idempotent.interceptor.ts); each such service
 * lists this migration in its definition, so the table lives in its own schema beside the writes it guards.
 */
export class CreateIdempotencyKeysTable1764000000000 implements MigrationInterface {
  name = 'CreateIdempotencyKeysTable1764000000000';

  async up(runner: QueryRunner): Promise<void> {
    const schema = (runner.connection.options as { schema: string }).schema;
    await runner.query(`
      CREATE TABLE "${schema}".idempotency_keys (
        caller_id text NOT NULL,
        key text NOT NULL,
        request_hash text NOT NULL,
        reply jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        PRIMARY KEY (caller_id, key)
      )`);
    await runner.query(`CREATE INDEX idempotency_keys_created_at ON "${schema}".idempotency_keys (created_at)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const schema = (runner.connection.options as { schema: string }).schema;
    await runner.query(`DROP TABLE "${schema}".idempotency_keys`);
  }
}
