import { DataSource, EntityManager, QueryFailedError, QueryRunner } from 'typeorm';
import { currentRequestContext } from '../logging/request-context';
import { deadlineExceeded } from '../rpc/call-deadline';
import { PostgresBackend, sendCancelRequest } from './cancel-request';

/** PostgreSQL's query_canceled: here, the cancel sent at the deadline. */
const QUERY_CANCELED = '57014';
/** Node's timers hold at most a signed 32-bit count of milliseconds. */
const MAX_TIMER_MS = 2_147_483_647;

/** The parts of TypeORM's PostgreSQL query runner used here beyond QueryRunner (the driver's own connection and release). */
interface PostgresRunner extends QueryRunner {
  releasePostgresConnection(err?: Error): Promise<void>;
}

const canceled = (err: unknown) => err instanceof QueryFailedError && (err.driverError as { code?: string }).code === QUERY_CANCELED;

/**
 * Runs a read of the call being answered so that it stops at the call's deadline (RpcMeta.deadline, restored by
 * RpcContextInterceptor): on a connection of its own, with a timer that asks PostgreSQL to cancel that connection's
 * statement when the deadline comes (the protocol's CancelRequest on a socket of its own, never through the pool:
 * sendCancelRequest), and the call then answers RPC.DEADLINE_EXCEEDED. A read in time costs nothing more than the
 * statement itself: no transaction, no setting, no extra round trip (a read-only transaction with a
 * `statement_timeout` cost three). The timer cancels only a statement running when it fires, so `read` should be one
 * statement, as every caller's is. A cancel that found no statement (the read ended as it was sent) may still reach
 * the backend later, so that connection is closed rather than handed to the next caller; after one that stopped the
 * statement, the connection waits until the server is done with the cancel (below). Without a deadline (an old caller,
 * a reaction, a job) the read runs as before.
 */
export async function readWithinDeadline<T>(
  dataSource: DataSource,
  read: (manager: EntityManager) => Promise<T>,
  deadline = currentRequestContext()?.deadline,
): Promise<T> {
  if (deadline === undefined) return read(dataSource.manager);
  if (deadline <= Date.now()) throw deadlineExceeded();
  const runner = dataSource.createQueryRunner() as PostgresRunner;
  let cancel: Promise<unknown> | undefined;
  let cancelTaken = false;
  try {
    const connection: PostgresBackend = await runner.connect();
    // Measured again once a connection is ours: waiting for the pool counts against the caller's time too.
    const left = Math.ceil(deadline - Date.now());
    if (left <= 0) throw deadlineExceeded();
    const timer = setTimeout(
      () => {
        cancel = sendCancelRequest(connection);
      },
      Math.min(left, MAX_TIMER_MS),
    );
    try {
      return await read(runner.manager);
    } catch (err) {
      if (cancel && canceled(err)) {
        cancelTaken = true;
        throw deadlineExceeded();
      }
      throw err;
    } finally {
      clearTimeout(timer);
    }
  } finally {
    if (!cancel) {
      await runner.release();
    } else {
      // PostgreSQL signals a backend twice for one cancel (the process, then its process group): on a loaded machine the
      // second can come after the first stopped the statement, and it cancelled the next statement on this connection
      // (the deadline test's own, in a CI run). The server closes the cancel's socket once both are sent, and a signal
      // that reaches an idle backend is dropped, so the connection goes back to the pool only after that close.
      await cancel;
      if (cancelTaken) await runner.release();
      else await runner.releasePostgresConnection(new Error('closed after a cancel that found no statement'));
    }
  }
}
