import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Controller, Inject } from '@nestjs/common';
import { CallRequest, defineCall, RpcError, RpcRequest } from '@curbside/contracts';
import { firstValueFrom, timeout } from 'rxjs';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { loadConfig } from '../config/load-config';
import { readWithinDeadline } from '../database/read-within-deadline';
import { createTestDatabase, TestDatabase } from '../database/test-database';
import type { NatsEventBus } from '../events/nats.event-bus';
import { rpcDeadlineExceeded } from '../metrics/metrics';
import { createDistributedInfrastructure } from '../service/distributed.infrastructure';
import { createEmbeddedInfrastructure } from '../service/embedded.infrastructure';
import type { Infrastructure } from '../service/infrastructure';
import { PlatformModule } from '../service/platform.module';
import { RunningService, ServiceDefinition, ServiceRuntime, startService } from '../service/service-runtime';
import { until } from '../testing/until';
import { Handles } from './handles.decorator';
import { RpcCaller } from './rpc-caller';

const addNote = defineCall({ subject: 'rewards.test-add-note', request: z.object({ id: z.string() }), reply: z.object({ added: z.boolean() }), errors: [] });
const slowRead = defineCall({
  subject: 'rewards.test-slow-read',
  request: z.object({ seconds: z.number() }),
  reply: z.object({ slept: z.boolean() }),
  errors: [],
});

/** A service with a write whose side effect shows whether it ran, and a read as slow as asked. */
@Controller()
class NotesController {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  @Handles(addNote)
  async add(request: CallRequest<typeof addNote>) {
    await this.dataSource.query(`INSERT INTO rewards.notes (id) VALUES ($1)`, [request.body.id]);
    return { added: true };
  }

  @Handles(slowRead)
  async slow(request: CallRequest<typeof slowRead>) {
    await readWithinDeadline(this.dataSource, (manager) => manager.query(`SELECT pg_sleep($1)`, [request.body.seconds]));
    return { slept: true };
  }
}

const definition: ServiceDefinition = {
  name: 'rewards',
  entities: [],
  migrations: [],
  module: (runtime: ServiceRuntime) => ({ module: class NotesModule {}, imports: [PlatformModule.forService(runtime)], controllers: [NotesController] }),
};

/** Sends a call as a caller would with the meta given (a caller's RpcCaller always sends its own deadline). */
function send(infrastructure: Infrastructure, subject: string, request: RpcRequest): Promise<unknown> {
  // Far longer than any call here: the service's answer is awaited, never a timer of ours.
  return firstValueFrom(infrastructure.rpcClient.send(subject, request).pipe(timeout(25_000)));
}

async function dropped(subject: string, stage: 'before' | 'during'): Promise<number> {
  const { values } = await rpcDeadlineExceeded.get();
  return values.find((v) => v.labels.subject === subject && v.labels.stage === stage)?.value ?? 0;
}

describe.each(['embedded', 'distributed'] as const)('call deadlines, %s', (mode) => {
  let db: TestDatabase;
  let dataDir: string;
  let infrastructure: Infrastructure;
  let service: RunningService;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'curbside-deadline-'));
    const config = loadConfig(
      {},
      {
        RUN_MODE: mode,
        DATA_DIR: dataDir,
        DATABASE_URL: db.url,
        DATABASE_POOL_SIZE: '4',
        NAMESPACE: `test_${randomUUID().replace(/-/g, '').slice(0, 12)}`,
        STORAGE_DRIVER: 'local',
        ...(process.env.NATS_URL ? { NATS_URL: process.env.NATS_URL } : {}),
        ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      },
    );
    infrastructure =
      mode === 'embedded'
        ? await createEmbeddedInfrastructure(config, { databaseUrl: db.url })
        : await createDistributedInfrastructure(config, 'deadline-test');
    service = await startService(definition, infrastructure);
    await service.runtime.dataSource.query(`CREATE TABLE rewards.notes (id text PRIMARY KEY)`);
  });

  afterAll(async () => {
    await service?.close();
    if (mode === 'distributed') await (infrastructure?.bus as NatsEventBus | undefined)?.deleteStream();
    await infrastructure?.close();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const notes = async (id: string): Promise<number> =>
    (await service.runtime.dataSource.query(`SELECT count(*)::int AS n FROM rewards.notes WHERE id = $1`, [id]))[0].n;

  it('does not run a call whose deadline has passed: it answers RPC.DEADLINE_EXCEEDED, writes nothing and is counted', async () => {
    const counted = await dropped(addNote.subject, 'before');
    await expect(send(infrastructure, addNote.subject, { meta: { requestId: 'late', deadline: Date.now() - 1 }, body: { id: 'late' } })).rejects.toMatchObject({
      code: RpcError.DEADLINE_EXCEEDED,
    });
    expect(await notes('late')).toBe(0);
    expect(await dropped(addNote.subject, 'before')).toBe(counted + 1);
  });

  it('runs a call before its deadline, and one from a caller that sends none, as before', async () => {
    await expect(
      send(infrastructure, addNote.subject, { meta: { requestId: 'timely', deadline: Date.now() + 60_000 }, body: { id: 'timely' } }),
    ).resolves.toEqual({
      added: true,
    });
    await expect(send(infrastructure, addNote.subject, { meta: { requestId: 'old' }, body: { id: 'old' } })).resolves.toEqual({ added: true });
    await expect(new RpcCaller(infrastructure.rpcClient, 30_000, 'gateway').call(slowRead, { seconds: 0 })).resolves.toEqual({ slept: true });
    expect(await notes('timely')).toBe(1);
    expect(await notes('old')).toBe(1);
  });

  it('stops a read still running at the deadline: PostgreSQL cancels it and the call answers RPC.DEADLINE_EXCEEDED', async () => {
    const counted = await dropped(slowRead.subject, 'during');
    const started = Date.now();
    await expect(
      send(infrastructure, slowRead.subject, { meta: { requestId: 'slow', deadline: Date.now() + 200 }, body: { seconds: 60 } }),
    ).rejects.toMatchObject({
      code: RpcError.DEADLINE_EXCEEDED,
    });
    // The read would have slept a minute; the answer came long before (a margin any busy machine keeps).
    expect(Date.now() - started).toBeLessThan(20_000);
    const running: { n: number }[] = await service.runtime.dataSource.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND query LIKE 'SELECT pg_sleep%'`,
    );
    expect(running[0].n).toBe(0);
    expect(await dropped(slowRead.subject, 'during')).toBe(counted + 1);
  });

  it('stops reads that hold every pooled connection: the cancel never waits for the pool', async () => {
    // DATABASE_POOL_SIZE is 4: four reads that would sleep a minute take every connection there is.
    const started = Date.now();
    const reads = Array.from({ length: 4 }, () =>
      readWithinDeadline(service.runtime.dataSource, (manager) => manager.query(`SELECT pg_sleep(60)`), Date.now() + 300),
    );
    const settled = await Promise.allSettled(reads);
    expect(settled.map((s) => (s.status === 'rejected' ? (s.reason as { code?: string }).code : 'answered'))).toEqual(
      Array(4).fill(RpcError.DEADLINE_EXCEEDED),
    );
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('closes the connection of a read whose cancel came when no statement ran, so no later statement on it is cancelled', async () => {
    const backend = (pid: number) =>
      service.runtime.dataSource.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = $1`, [pid]) as Promise<{ n: number }[]>;
    // The statement ends at once; the read itself outlives its deadline between statements.
    const pid = await readWithinDeadline(
      service.runtime.dataSource,
      async (manager) => {
        const [{ pid: own }]: { pid: number }[] = await manager.query(`SELECT pg_backend_pid() AS pid`);
        await new Promise((resolve) => setTimeout(resolve, 300));
        return own;
      },
      Date.now() + 100,
    );
    await until(async () => (await backend(pid))[0].n === 0);

    // A read in time hands its connection back as it found it.
    const kept = await readWithinDeadline(service.runtime.dataSource, (manager) => manager.query(`SELECT pg_backend_pid() AS pid`), Date.now() + 60_000);
    expect((await backend(kept[0].pid))[0].n).toBe(1);
  });
});
