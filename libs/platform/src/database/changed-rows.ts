/** What runs hand-written SQL the way TypeORM does on pg: a DataSource, an EntityManager or a QueryRunner. */
export interface SqlRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * How many rows an UPDATE or DELETE changed (or a `WITH …` whose last statement is one). TypeORM answers such a
 * statement as `[rows, affected]` and any other as its rows (docs/architecture.md); another statement throws here
 * instead of being misread (it has run by then: a transaction's throw rolls it back).
 */
export async function affectedCount(db: SqlRunner, sql: string, parameters: unknown[] = []): Promise<number> {
  const [, affected] = await changeOf(db, sql, parameters, affectedCount.name);
  return affected;
}

/** The rows an UPDATE or DELETE … RETURNING gave; one without RETURNING throws rather than answer none. */
export async function changedRows<T>(db: SqlRunner, sql: string, parameters: unknown[] = []): Promise<T[]> {
  const [rows, affected] = await changeOf(db, sql, parameters, changedRows.name);
  if (rows.length !== affected || !/\bRETURNING\b/i.test(sql)) {
    throw new Error(
      `${changedRows.name} needs UPDATE or DELETE … RETURNING; this statement changed ${affected} rows and returned ${rows.length}: ${head(sql)}`,
    );
  }
  return rows as T[];
}

async function changeOf(db: SqlRunner, sql: string, parameters: unknown[], helper: string): Promise<[unknown[], number]> {
  const answer = await db.query(sql, parameters);
  // A SELECT's or INSERT's rows are objects, never arrays, so two of them cannot pass for [rows, affected].
  if (Array.isArray(answer) && answer.length === 2 && Array.isArray(answer[0]) && typeof answer[1] === 'number') return answer as [unknown[], number];
  const what = Array.isArray(answer) ? `${answer.length} row${answer.length === 1 ? '' : 's'}` : typeof answer;
  throw new Error(`${helper} is for UPDATE or DELETE (answered [rows, affected]); this statement answered ${what}, as a SELECT or INSERT does: ${head(sql)}`);
}

const head = (sql: string) => {
  const flat = sql.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 120)}…` : flat;
};
