import { affectedCount, changedRows, SqlRunner } from './changed-rows';

// What TypeORM's pg driver answers: an UPDATE or DELETE as [rows, affected], anything else as its rows.
const answering = (answer: unknown): SqlRunner => ({ query: async () => answer });

describe('affectedCount', () => {
  it('reads the count of an UPDATE or DELETE answer', async () => {
    await expect(affectedCount(answering([[], 3]), 'UPDATE t SET a = 1')).resolves.toBe(3);
    await expect(affectedCount(answering([[], 0]), 'DELETE FROM t')).resolves.toBe(0);
  });

  it.each([
    ['no rows', []],
    ['one row', [{ id: 1 }]],
    ['two rows, the length of [rows, affected]', [{ id: 1 }, { id: 2 }]],
  ])('throws, naming the statement, when a SELECT or INSERT answered %s', async (_, rows) => {
    await expect(affectedCount(answering(rows), 'SELECT id FROM t')).rejects.toThrow(/affectedCount is for UPDATE or DELETE .*: SELECT id FROM t$/);
  });
});

describe('changedRows', () => {
  it('gives the rows of UPDATE or DELETE … RETURNING', async () => {
    await expect(changedRows(answering([[{ id: 1 }, { id: 2 }], 2]), 'UPDATE t SET a = 1 RETURNING id')).resolves.toEqual([{ id: 1 }, { id: 2 }]);
    await expect(changedRows(answering([[], 0]), 'DELETE FROM t WHERE false RETURNING id')).resolves.toEqual([]);
  });

  it('throws for a statement without RETURNING, even one that changed nothing', async () => {
    await expect(changedRows(answering([[], 2]), 'UPDATE t SET a = 1')).rejects.toThrow(/needs UPDATE or DELETE … RETURNING; .* changed 2 rows and returned 0/);
    await expect(changedRows(answering([[], 0]), 'UPDATE t SET a = 1 WHERE false')).rejects.toThrow(/needs UPDATE or DELETE … RETURNING/);
  });

  it('throws for an INSERT … RETURNING, whose rows come from query() itself', async () => {
    await expect(changedRows(answering([{ id: 1 }]), 'INSERT INTO t (id) VALUES (1) RETURNING id')).rejects.toThrow(/changedRows is for UPDATE or DELETE/);
  });
});
