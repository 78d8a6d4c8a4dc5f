import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PHOTO_VALIDATION_QUEUE, PhotoValidationResult } from '@curbside/contracts';
import {
  BullMqJobQueue,
  createEmbeddedInfrastructure,
  createTestDatabase,
  EmbeddedInfrastructure,
  loadConfig,
  RunningService,
  startService,
  TestDatabase,
} from '@curbside/platform';
import IORedis from 'ioredis';
import { photoValidationService } from '../photo-validation.definition';
import { fixture, FIXTURES } from '../testing/photos.fixture';

const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
// A prefix per run keeps these keys apart from other files, other runs and real data on the same Redis.
const prefix = `curbside-test-${randomUUID()}`;

/**
 * The worker on BullMQ (distributed mode): the service takes jobs from Redis that another process's queue
 * (here a second BullMqJobQueue, as the items service would be) adds and waits for.
 */
describe('photo-validation worker on BullMQ', () => {
  let dataDir: string;
  let database: TestDatabase;
  let embedded: EmbeddedInfrastructure;
  let workerJobs: BullMqJobQueue;
  let producer: BullMqJobQueue;
  let service: RunningService;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'curbside-photo-validation-'));
    database = await createTestDatabase();
    embedded = await createEmbeddedInfrastructure(loadConfig({}, { DATA_DIR: dataDir }), { databaseUrl: database.url });
    workerJobs = new BullMqJobQueue({ redisUrl, prefix });
    producer = new BullMqJobQueue({ redisUrl, prefix });
    service = await startService(photoValidationService, { ...embedded, jobs: workerJobs });
  });

  afterAll(async () => {
    await service?.close();
    await Promise.all([producer?.close(), workerJobs?.close()]);
    await embedded?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    const redis = new IORedis(redisUrl);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await redis.quit();
  });

  async function storePhoto(bytes: Buffer): Promise<string> {
    const key = `pickups/${randomUUID()}.jpg`;
    await embedded.storage.put(key, bytes, 'image/jpeg');
    return key;
  }

  it('answers a job added and awaited from another queue instance', async () => {
    const photoKey = await storePhoto(fixture(FIXTURES.person));

    const result = await producer.addAndWait<unknown, PhotoValidationResult>(
      PHOTO_VALIDATION_QUEUE,
      { photoKey, itemTitle: 'Bookshelf', itemCategory: 'Furniture' },
      { attempts: 3, timeoutMs: 20_000 },
    );

    expect(result).toMatchObject({ isValid: false, reason: expect.stringContaining('A person is visible in the photo.') });
  });

  it('ends a poison job on its first try: completed with an invalid answer, never failed or delayed for a retry', async () => {
    const result = await producer.addAndWait<unknown, PhotoValidationResult>(
      PHOTO_VALIDATION_QUEUE,
      { photoKey: `pickups/${randomUUID()}.jpg`, itemTitle: 'Desk', itemCategory: 'Furniture' },
      { attempts: 5, backoffMs: 10, timeoutMs: 10_000 },
    );

    expect(result).toMatchObject({ isValid: false, reason: expect.stringContaining('could not be found') });
    expect(await producer.stats(PHOTO_VALIDATION_QUEUE)).toEqual({ waiting: 0, active: 0, completed: 2, failed: 0 });
  });
});
