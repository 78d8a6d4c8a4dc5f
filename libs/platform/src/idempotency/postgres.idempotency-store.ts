import type { DataSource } from 'typeorm';
import type { IdempotencyClaim, IdempotencyRecord, IdempotencyStore } from './idempotency.store';
import { affectedCount } from '../database/changed-rows';

interface RecordRow {
  request_hash: string;
  completed: boolean;
  reply: unknown;
}

/** The records in `<schema>.idempotency_keys` (CreateIdempotencyKeysTable1764000000000). */
export class PostgresIdempotencyStore implements IdempotencyStore {
  private readonly table: string;

  constructor(
    private readonly dataSource: DataSource,
    schema: string,
  ) {
    this.table = `"${schema}".idempotency_keys`;
  }

  async claim(claim: IdempotencyClaim, ttlMs: number): Promise<{ claimed: true } | { claimed: false; record: IdempotencyRecord | null }> {
    // One statement, committed before the handler runs: concurrent claims of one key wait on the row's lock and
    // then find it held. A record past its time is taken over in the same statement instead of being a conflict.
    const taken: unknown[] = await this.dataSource.query(
      `INSERT INTO ${this.table} AS held (caller_id, key, request_hash) VALUES ($1, $2, $3)
       ON CONFLICT (caller_id, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, reply = NULL, completed_at = NULL, created_at = now()
         WHERE held.created_at < now() - make_interval(secs => $4::double precision)
       RETURNING 1`,
      [claim.callerId, claim.key, claim.requestHash, ttlMs / 1000],
    );
    if (taken.length) return { claimed: true };
    const [row]: RecordRow[] = await this.dataSource.query(
      `SELECT request_hash, completed_at IS NOT NULL AS completed, reply FROM ${this.table} WHERE caller_id = $1 AND key = $2`,
      [claim.callerId, claim.key],
    );
    if (!row) return { claimed: false, record: null };
    return { claimed: false, record: { requestHash: row.request_hash, ...(row.completed ? { reply: { value: row.reply } } : {}) } };
  }

  async complete(claim: IdempotencyClaim, reply: unknown): Promise<void> {
    await this.dataSource.query(`UPDATE ${this.table} SET reply = $4::jsonb, completed_at = now() WHERE caller_id = $1 AND key = $2 AND request_hash = $3`, [
      claim.callerId,
      claim.key,
      claim.requestHash,
      JSON.stringify(reply ?? null),
    ]);
  }

  async release(claim: IdempotencyClaim): Promise<void> {
    await this.dataSource.query(`DELETE FROM ${this.table} WHERE caller_id = $1 AND key = $2 AND request_hash = $3 AND completed_at IS NULL`, [
      claim.callerId,
      claim.key,
      claim.requestHash,
    ]);
  }

  async sweep(ttlMs: number): Promise<number> {
    const count = await affectedCount(this.dataSource, `DELETE FROM ${this.table} WHERE created_at < now() - make_interval(secs => $1::double precision)`, [
      ttlMs / 1000,
    ]);
    return count;
  }
}
