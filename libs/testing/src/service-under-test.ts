import { CallBody, CallContract, CallReply, healthCall } from '@curbside/contracts';
import {
  AppConfig,
  createEmbeddedInfrastructure,
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
  /** Sends a request/reply call the way the gateway does. */
  call<C extends CallContract>(contract: C, body: CallBody<C>, callerId?: string): Promise<CallReply<C>>;
  stop(): Promise<void>;
}

/**
 * One service with the embedded adapters around a fresh database on the local PostgreSQL: its real module,
 * migrations and handlers.
 */
export async function startServiceUnderTest(definition: ServiceDefinition, settings: Partial<Record<keyof AppConfig, string>> = {}): Promise<ServiceUnderTest> {
  const dataDir = mkdtempSync(join(tmpdir(), `curbside-${definition.name}-`));
  const database = await createTestDatabase();
  const config = loadConfig({}, { DATA_DIR: dataDir, OUTBOX_POLL_MS: '50', DATABASE_POOL_SIZE: '4', ...settings });
  const infrastructure = await createEmbeddedInfrastructure(config, { databaseUrl: database.url });
  const service = await startService(definition, infrastructure);
  const caller = new RpcCaller(new InMemoryRpcClient(infrastructure.rpcBroker), 30_000);
  return {
    service,
    infrastructure,
    call: (contract, body, callerId) => caller.call(contract, body, callerId),
    async stop() {
      await service.close();
      await infrastructure.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The check every service passes from day one: it migrates its own schema and reports healthy. */
export function describeServiceStartsHealthy(definition: ServiceDefinition): void {
  describe(`${definition.name} service`, () => {
    let sut: ServiceUnderTest;
    beforeAll(async () => {
      sut = await startServiceUnderTest(definition);
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
