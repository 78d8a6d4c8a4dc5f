import { createHash } from 'node:crypto';
import { EntityManager, QueryFailedError } from 'typeorm';

/** A statement and its parameters, every value in the parameters. */
export interface Statement {
  text: string;
  params: unknown[];
  /**
   * PostgreSQL must plan it for its values every time, never keep one plan for all: where only a value tells the
   * planner which index is fast (a search's words: bench/README.md, "Prepared list statements").
   */
  planForValues?: boolean;
}

/** node-postgres' query: with a name, parsed and planned by PostgreSQL as a prepared statement of that connection. */
export interface StatementQueryConfig {
  name?: string;
  text: string;
  values: unknown[];
}

interface PgClient {
  query(config: StatementQueryConfig): Promise<{ rows: unknown[] }>;
}

/** The statement's name: its text's hash, so one text is prepared once per connection and two texts never share a name. */
export function statementName(text: string): string {
  return `s_${createHash('sha1').update(text).digest('base64url')}`;
}

/**
 * The query a node-postgres client (or pool) runs for the statement: named, so prepared once per connection, unless
 * it must be planned for its values. The one place that decides, for the services and the bench alike.
 */
export function statementQuery(statement: Statement): StatementQueryConfig {
  return statement.planForValues
    ? { text: statement.text, values: statement.params }
    : { name: statementName(statement.text), text: statement.text, values: statement.params };
}

/**
 * Runs a statement on the manager's connection (one of the pool's when the manager has none of its own), as a named
 * prepared statement unless it must be planned for its values (statementQuery). Each connection parses a prepared
 * text once; from the sixth run PostgreSQL may keep one generic plan instead of planning again, and does when it
 * costs no more than the plans made for the values (`plan_cache_mode` auto). For the lists' statements planning
 * costs as much as running them (bench/README.md, "Prepared list statements"). Only for statements of a bounded set
 * of texts, every value a parameter: each text stays prepared on each connection for the connection's life.
 */
export async function queryPrepared<T>(manager: EntityManager, statement: Statement): Promise<T[]> {
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  const own = manager.queryRunner === undefined;
  try {
    const client = (await runner.connect()) as PgClient;
    const { rows } = await client.query(statementQuery(statement));
    return rows as T[];
  } catch (err) {
    // As TypeORM's own query answers a failure, so callers read both alike (e.g. a cancel's code on driverError).
    throw err instanceof Error && 'code' in err ? new QueryFailedError(statement.text, statement.params, err) : err;
  } finally {
    if (own) await runner.release();
  }
}
