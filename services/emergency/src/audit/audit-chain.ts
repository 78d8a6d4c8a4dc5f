import { createHash } from 'node:crypto';

export type AuditOutcome = 'granted' | 'refused' | 'locked';

/** One attempt as the audit log keeps it. */
export interface AuditFields {
  id: string;
  adminUserId: string | null;
  targetUserId: string | null;
  searchType: string | null;
  reason: string;
  lawEnforcementCase: string | null;
  outcome: AuditOutcome;
  /** Why it was refused (not_admin, wrong_password, …) or 'ok'. */
  detail: string;
  requestId: string;
  createdAt: string;
}

/** The hash before the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * SHA-256 over the previous entry's hash and this entry's fields in a fixed order: changing, removing or
 * reordering any entry breaks every link after it. The service and `npm run audit:verify` both use this.
 */
export function chainHash(previousHash: string, entry: AuditFields): string {
  const canonical = JSON.stringify([
    previousHash,
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
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

export interface StoredAuditEntry extends AuditFields {
  seq: string;
  previousHash: string;
  hash: string;
}

export type ChainCheck = { intact: true; entries: number } | { intact: false; entries: number; brokenAt: StoredAuditEntry; problem: string };

/** Walks the entries in order and names the first one whose link or contents do not add up. */
export function verifyChain(entries: Iterable<StoredAuditEntry>): ChainCheck {
  let previous = GENESIS_HASH;
  let count = 0;
  for (const entry of entries) {
    count++;
    if (entry.previousHash !== previous) {
      return {
        intact: false,
        entries: count,
        brokenAt: entry,
        problem: 'it does not follow the entry before it (an entry was removed, inserted or changed before it)',
      };
    }
    if (chainHash(previous, entry) !== entry.hash) {
      return { intact: false, entries: count, brokenAt: entry, problem: 'its contents do not match its hash (the entry was changed)' };
    }
    previous = entry.hash;
  }
  return { intact: true, entries: count };
}
