import { randomUUID } from 'node:crypto';
import { AuditFields, chainHash, GENESIS_HASH, StoredAuditEntry, verifyChain } from './audit-chain';

function chain(n: number): StoredAuditEntry[] {
  const entries: StoredAuditEntry[] = [];
  let previous = GENESIS_HASH;
  for (let i = 0; i < n; i++) {
    const fields: AuditFields = {
      id: randomUUID(),
      adminUserId: randomUUID(),
      targetUserId: null,
      searchType: 'id',
      reason: `reason ${i}`,
      lawEnforcementCase: null,
      outcome: 'refused',
      detail: 'wrong_password',
      requestId: `r${i}`,
      createdAt: new Date(1_700_000_000_000 + i).toISOString(),
    };
    const hash = chainHash(previous, fields);
    entries.push({ ...fields, seq: String(i + 1), previousHash: previous, hash });
    previous = hash;
  }
  return entries;
}

describe('audit chain', () => {
  it('accepts an untouched chain', () => {
    expect(verifyChain(chain(5))).toEqual({ intact: true, entries: 5 });
  });

  it('names the entry whose contents were changed', () => {
    const entries = chain(5);
    entries[2] = { ...entries[2], reason: 'nothing to see' };
    expect(verifyChain(entries)).toMatchObject({ intact: false, brokenAt: { seq: '3' }, problem: expect.stringContaining('contents') });
  });

  it('names the entry after one that was removed', () => {
    const entries = chain(5);
    entries.splice(1, 1);
    expect(verifyChain(entries)).toMatchObject({ intact: false, brokenAt: { seq: '3' }, problem: expect.stringContaining('does not follow') });
  });

  it('names an entry rewritten with a fresh hash of its own, by the link after it', () => {
    const entries = chain(4);
    const changed = { ...entries[1], outcome: 'granted' as const };
    entries[1] = { ...changed, hash: chainHash(changed.previousHash, changed) };
    expect(verifyChain(entries)).toMatchObject({ intact: false, brokenAt: { seq: '3' } });
  });
});
