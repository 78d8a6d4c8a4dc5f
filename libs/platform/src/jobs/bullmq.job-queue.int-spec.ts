import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { BullMqJobQueue } from './bullmq.job-queue';
import { describeJobQueueContract } from './job-queue.contract';

const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
// One prefix per run of this file keeps it apart from other files, other runs and real data on the same Redis.
const prefix = `curbside-test-${randomUUID()}`;
const opened: BullMqJobQueue[] = [];

function create(): BullMqJobQueue {
  const jobs = new BullMqJobQueue({ redisUrl, prefix });
  opened.push(jobs);
  return jobs;
}

afterAll(async () => {
  await Promise.all(opened.map((jobs) => jobs.close()));
  const redis = new IORedis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
});

describeJobQueueContract(BullMqJobQueue.name, async () => {
  const jobs = create();
  return { jobs, teardown: () => jobs.close() };
});

describe(BullMqJobQueue.name, () => {
  it('keeps a failed-for-good job in Redis as a dead letter', async () => {
    const sut = create();
    const queue = `dead-letter-${randomUUID()}`;
    await sut.process(queue, async () => {
      throw new Error('no such item');
    });

    await expect(sut.addAndWait(queue, { itemId: 'x' }, { attempts: 2, backoffMs: 5, timeoutMs: 5000 })).rejects.toThrow('no such item');

    const inspector = new Queue(queue, { connection: { url: redisUrl }, prefix });
    const [failed] = await inspector.getFailed();
    await inspector.close();
    await sut.close();
    expect(failed).toMatchObject({ data: { itemId: 'x' }, failedReason: 'no such item', attemptsMade: 2 });
  });

  it('rejects waits on jobs that never ran when it closes, instead of leaving them to their timeout', async () => {
    const sut = create();
    const rejected = expect(sut.addAndWait(`no-worker-${randomUUID()}`, {}, { timeoutMs: 30_000 })).rejects.toThrow(/closed before job/);
    await new Promise((resolve) => setTimeout(resolve, 50));

    const started = Date.now();
    await sut.close();

    await rejected;
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('hands a job added by one instance to a worker in another', async () => {
    const producer = create();
    const consumer = create();
    const queue = `shared-${randomUUID()}`;
    let received: (data: unknown) => void = () => undefined;
    const seen = new Promise<unknown>((resolve) => (received = resolve));

    await producer.add(queue, { from: 'producer' });
    await producer.close();
    await consumer.process(queue, async (data) => received(data));

    await expect(seen).resolves.toEqual({ from: 'producer' });
    await consumer.close();
  });
});
