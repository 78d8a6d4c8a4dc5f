import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { currentRequestContext } from '../logging/request-context';
import { deadlineExceeded } from '../rpc/call-deadline';

/** PostgreSQL's query_canceled: here, the statement_timeout set below ran out. */
const QUERY_CANCELED = '57014';
/** statement_timeout is an int of milliseconds. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Runs a read of the call being answered so that it stops at the call's deadline (RpcMeta.deadline, restored by
 * RpcContextInterceptor): in a read-only transaction whose statement_timeout is the time left, a statement still
 * running then is cancelled by PostgreSQL and the call answers RPC.DEADLINE_EXCEEDED. Only for reads: a read-only
 * transaction refuses a write, so nothing is left half done. Without a deadline (an old caller, a reaction, a job)
 * the read runs as before, outside a transaction.
 */
export async function readWithinDeadline<T>(
  dataSource: DataSource,
  read: (manager: EntityManager) => Promise<T>,
  deadline = currentRequestContext()?.deadline,
): Promise<T> {
  if (deadline === undefined) return read(dataSource.manager);
  if (deadline <= Date.now()) throw deadlineExceeded();
  try {
    return await dataSource.transaction(async (manager) => {
      // Measured again once a connection is ours: waiting for the pool counts against the caller's time too.
      const left = Math.min(Math.ceil(deadline - Date.now()), MAX_TIMEOUT_MS);
      if (left <= 0) throw deadlineExceeded();
      // One round trip for both (no parameters: sent as one simple query).
      await manager.query(`SET TRANSACTION READ ONLY; SET LOCAL statement_timeout = ${left}`);
      return read(manager);
    });
  } catch (err) {
    if (err instanceof QueryFailedError && (err.driverError as { code?: string }).code === QUERY_CANCELED) throw deadlineExceeded();
    throw err;
  }
}
