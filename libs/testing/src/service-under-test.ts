import { AppName, CallBody, CallContract, callersOf, CallReply, healthCall } from '@curbside/contracts';
import {
  AppConfig,
  createEmbeddedInfrastructure,
  createMigratedTestDatabase,
  createTestDatabase,
  EmbeddedInfrastructure,
  InMemoryRpcClient,
  loadConfig,
  RpcCaller,
  RunningService,
  ServiceDefinition,
  startService,
} from '@curbside/platform';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ServiceUnderTest {
  service: RunningService;
  infrastructure: EmbeddedInfrastructure;
  /** Sends a request/reply call the way its caller does: the gateway, or the service an internal call names first. */
  call<C extends CallContract>(contract: C, body: CallBody<C>, callerId?: string): Promise<CallReply<C>>;
  /**
   * Closes the service and its in-process adapters (jobs waiting in memory are lost, as when the embedded app
   * restarts) and starts both again on the same database; `service` and `infrastructure` are the new ones after.
   */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * One service with the embedded adapters around a fresh database on the local PostgreSQL: its real module,
 * migrations and handlers. The migrations ran once into a template the database is copied from
 * (createMigratedTestDatabase), unless `schemas` is `empty`. A service that fails to start (at first or on a restart)
 * leaves nothing behind: its adapters are closed, and at first its database and data folder are removed too, since
 * nobody gets to stop it.
 */
export async function startServiceUnderTest(
  definition: ServiceDefinition,
  settings: Partial<Record<keyof AppConfig, string>> = {},
  /** `empty`: the database starts empty and the service's start runs every migration itself, as on a new server. */
  schemas: 'migrated' | 'empty' = 'migrated',
): Promise<ServiceUnderTest> {
  const dataDir = mkdtempSync(join(tmpdir(), `curbside-${definition.name}-`));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  const database = await (schemas === 'migrated' ? createMigratedTestDatabase([definition]) : createTestDatabase()).catch((error: unknown) => {
    removeDataDir();
    throw error;
  });
  const config = loadConfig({}, { DATA_DIR: dataDir, OUTBOX_POLL_MS: '50', DATABASE_POOL_SIZE: '4', ...settings });
  const start = async () => {
    const infrastructure = await createEmbeddedInfrastructure(config, { databaseUrl: database.url });
    try {
      const service = await startService(definition, infrastructure);
      const client = new InMemoryRpcClient(infrastructure.rpcBroker);
      const callers = new Map<AppName, RpcCaller>();
      const callerFor = (contract: CallContract) => {
        const app = callersOf(contract)[0];
        let caller = callers.get(app);
        if (!caller) callers.set(app, (caller = new RpcCaller(client, 30_000, app)));
        return caller;
      };
      return { infrastructure, service, callerFor };
    } catch (error) {
      await infrastructure.close().catch(() => undefined);
      throw error;
    }
  };
  let running: Awaited<ReturnType<typeof start>> | undefined;
  try {
    running = await start();
  } catch (error) {
    await database.drop().catch(() => undefined);
    removeDataDir();
    throw error;
  }
  const started = () => {
    if (!running) throw new Error(`the ${definition.name} service is not running: its restart failed`);
    return running;
  };
  const close = async () => {
    const closing = running;
    running = undefined;
    if (!closing) return;
    await closing.service.close();
    await closing.infrastructure.close();
  };
  return {
    get service() {
      return started().service;
    },
    get infrastructure() {
      return started().infrastructure;
    },
    call: (contract, body, callerId) => started().callerFor(contract).call(contract, body, callerId),
    async restart() {
      await close();
      running = await start();
    },
    async stop() {
      try {
        await close();
      } finally {
        await database.drop();
        removeDataDir();
      }
    },
  };
}

/** The check every service passes from day one: it migrates its own schema and reports healthy. */
export function describeServiceStartsHealthy(definition: ServiceDefinition): void {
  describe(`${definition.name} service`, () => {
    let sut: ServiceUnderTest;
    beforeAll(async () => {
      sut = await startServiceUnderTest(definition, {}, 'empty');
    });
    afterAll(() => sut?.stop());

    it('migrates its own schema, with the outbox tables', async () => {
      const tables: { table_name: string }[] = await sut.service.runtime.dataSource.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = $1`,
        [sut.service.runtime.schema],
      );
      expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(['outbox_events', 'processed_events', 'migrations']));
    });

    it(`answers ${healthCall(definition.name).subject} with every check ok`, async () => {
      const report = await sut.call(healthCall(definition.name), {});
      expect(report.status).toBe('ok');
      expect(report.checks).toMatchObject({ database: { status: 'ok' }, eventBus: { status: 'ok' } });
    });
  });
}
