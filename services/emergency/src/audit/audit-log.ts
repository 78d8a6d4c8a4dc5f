import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EmergencyLogEntry, Events } from '@curbside/contracts';
import { EventOutbox, Transaction } from '@curbside/platform';
import { DataSource } from 'typeorm';
import { AuditFields, AuditOutcome, chainHash, GENESIS_HASH, StoredAuditEntry } from './audit-chain';

/** Wrong passwords within this window lock the admin out of emergency access for the same length of time. */
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_FAILURES = 5;

/**
 * Until when an admin is locked out, or null: LOCKOUT_FAILURES wrong passwords within LOCKOUT_WINDOW_MS lock them out
 * for LOCKOUT_WINDOW_MS from the one that made it that many (`failures`: oldest first; tries while locked out are not
 * wrong passwords and do not count).
 */
export function lockedUntil(failures: readonly Date[], now: Date): Date | null {
  let until = 0;
  for (let k = LOCKOUT_FAILURES - 1; k < failures.length; k++) {
    if (failures[k].getTime() - failures[k - LOCKOUT_FAILURES + 1].getTime() <= LOCKOUT_WINDOW_MS)
      until = Math.max(until, failures[k].getTime() + LOCKOUT_WINDOW_MS);
  }
  return until > now.getTime() ? new Date(until) : null;
}

export type AuditAttempt = Omit<AuditFields, 'id' | 'createdAt'>;

/**
 * Refusals at the gate, before anyone is known to act as an administrator: no session, not an admin, acting as
 * another member, or the lookup turned off. Each is still an entry of the chain, but without the reason and case
 * the caller typed (nobody's account of an emergency: storing up to 2,200 characters of it for every anonymous
 * request let anyone grow the append-only log at will), and the dashboard's log leaves them out, so a flood of
 * them cannot push administrators' lookups out of sight. `npm run audit:verify` and the table still hold them.
 */
export const GATE_REFUSALS: readonly string[] = ['not_signed_in', 'not_admin', 'not_self', 'disabled'];

/** Serialises every append (and the lockout check that decides it) so the chain never forks. */
const CHAIN_LOCK = "hashtext('emergency.audit_log')";

@Injectable()
export class AuditLog {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
  ) {}

  /**
   * Runs `decide` and appends what it returns, in one transaction holding the chain's lock: the entry links to
   * the true last entry, and a lockout decided from the failures so far cannot be raced past.
   */
  async appendDecided<T>(
    decide: (tx: Transaction) => Promise<{ attempt: AuditAttempt | null; result: T; afterAppend?: (tx: Transaction, entryId: string) => Promise<void> }>,
  ): Promise<{ entryId: string | null; result: T }> {
    return this.outbox.transaction(async (tx) => {
      await tx.manager.query(`SELECT pg_advisory_xact_lock(${CHAIN_LOCK})`);
      const { attempt, result, afterAppend } = await decide(tx);
      const entryId = attempt ? await this.appendLocked(tx, attempt) : null;
      // What the entry grants (an elevation) commits with the entry or not at all.
      if (entryId && afterAppend) await afterAppend(tx, entryId);
      return { entryId, result };
    });
  }

  async append(attempt: AuditAttempt): Promise<string> {
    return (await this.appendDecided(async () => ({ attempt, result: null }))).entryId as string;
  }

  /** Wrong passwords of this admin within two windows (a lock's making and its length), oldest first (lockedUntil). */
  async recentFailures(tx: Transaction, adminUserId: string, now: Date): Promise<Date[]> {
    const rows: { created_at: Date }[] = await tx.manager.query(
      `SELECT created_at FROM emergency.audit_log
       WHERE admin_user_id = $1 AND detail = 'wrong_password' AND created_at > $2
       ORDER BY created_at`,
      [adminUserId, new Date(now.getTime() - 2 * LOCKOUT_WINDOW_MS)],
    );
    return rows.map((r) => r.created_at);
  }

  /**
   * The entries of administrators at work (GATE_REFUSALS left out), newest first: the newest `limit` granted (unlocks
   * and lookups) and the newest `limit` refused or locked, apart, so that no number of refused tries (an admin's own,
   * without the password) pushes a lookup out of the dashboard.
   */
  async list(limit = 100): Promise<EmergencyLogEntry[]> {
    const columns = `seq, id, target_user_id, reason, law_enforcement_case, outcome, created_at FROM emergency.audit_log`;
    const rows: { id: string; target_user_id: string | null; reason: string; law_enforcement_case: string | null; outcome: AuditOutcome; created_at: Date }[] =
      await this.dataSource.query(
        `SELECT * FROM (
           (SELECT ${columns} WHERE outcome = 'granted' ORDER BY seq DESC LIMIT $1)
           UNION ALL
           (SELECT ${columns} WHERE outcome <> 'granted' AND detail <> ALL ($2::text[]) ORDER BY seq DESC LIMIT $1)) entries
         ORDER BY seq DESC`,
        [limit, GATE_REFUSALS],
      );
    return rows.map((r) => ({
      id: r.id,
      targetUserId: r.target_user_id,
      reason: r.reason,
      lawEnforcementCase: r.law_enforcement_case,
      outcome: r.outcome,
      timestamp: r.created_at.toISOString(),
    }));
  }

  private async appendLocked(tx: Transaction, attempt: AuditAttempt): Promise<string> {
    const [last]: { hash: string }[] = await tx.manager.query(`SELECT hash FROM emergency.audit_log ORDER BY seq DESC LIMIT 1`);
    const previousHash = last?.hash ?? GENESIS_HASH;
    const entry: AuditFields = { ...attempt, id: randomUUID(), createdAt: new Date().toISOString() };
    const hash = chainHash(previousHash, entry);
    await tx.manager.query(
      `INSERT INTO emergency.audit_log
         (id, admin_user_id, target_user_id, search_type, reason, law_enforcement_case, outcome, detail, request_id, created_at, previous_hash, hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        entry.id,
        entry.adminUserId,
        entry.targetUserId,
        entry.searchType,
        entry.reason,
        entry.lawEnforcementCase,
        entry.outcome,
        entry.detail,
        entry.requestId,
        entry.createdAt,
        previousHash,
        hash,
      ],
    );
    tx.emit(Events.emergencyAccessed, {
      auditEntryId: entry.id,
      adminUserId: entry.adminUserId,
      targetUserId: entry.targetUserId,
      outcome: entry.outcome,
      at: entry.createdAt,
    });
    return entry.id;
  }
}

/** Reads the whole log in order, for `npm run audit:verify`. */
export async function readAuditLog(query: (sql: string) => Promise<Record<string, unknown>[]>): Promise<StoredAuditEntry[]> {
  const rows = await query(
    `SELECT seq::text AS seq, id, admin_user_id, target_user_id, search_type, reason, law_enforcement_case, outcome, detail, request_id,
            created_at, previous_hash, hash
     FROM emergency.audit_log
     ORDER BY audit_log.seq`, // the number, not the text column of the same name
  );
  return rows.map((r) => ({
    seq: String(r.seq),
    id: String(r.id),
    adminUserId: (r.admin_user_id as string | null) ?? null,
    targetUserId: (r.target_user_id as string | null) ?? null,
    searchType: (r.search_type as string | null) ?? null,
    reason: String(r.reason),
    lawEnforcementCase: (r.law_enforcement_case as string | null) ?? null,
    outcome: r.outcome as AuditOutcome,
    detail: String(r.detail),
    requestId: String(r.request_id),
    createdAt: (r.created_at as Date).toISOString(),
    previousHash: String(r.previous_hash),
    hash: String(r.hash),
  }));
}
