import { InProcessJobQueue } from './in-process.job-queue';
import { describeJobQueueContract } from './job-queue.contract';

describeJobQueueContract(InProcessJobQueue.name, async () => {
  const jobs = new InProcessJobQueue();
  return { jobs, teardown: () => jobs.close() };
});

describe(InProcessJobQueue.name, () => {
  let sut: InProcessJobQueue;

  beforeEach(() => {
    sut = new InProcessJobQueue();
  });

  afterEach(async () => {
    await sut.close();
  });

  it('keeps failed-for-good jobs as dead letters with their last error', async () => {
    await sut.process('q', async () => {
      throw new Error('no such item');
    });

    await expect(sut.addAndWait('q', { itemId: 'x' }, { attempts: 2, backoffMs: 1, timeoutMs: 1000 })).rejects.toThrow();

    expect(sut.failedJobs('q')).toEqual([{ id: expect.any(String), data: { itemId: 'x' }, attempts: 2, error: 'no such item' }]);
  });

  it('backs off exponentially between tries', async () => {
    const startedAt: number[] = [];
    await sut.process('q', async () => {
      startedAt.push(Date.now());
      if (startedAt.length < 3) throw new Error('again');
    });

    await sut.addAndWait('q', {}, { attempts: 3, backoffMs: 40, timeoutMs: 2000 });

    const [first, second, third] = startedAt;
    expect(second! - first!).toBeGreaterThanOrEqual(35);
    expect(third! - second!).toBeGreaterThanOrEqual(75);
  });

  it('counts a job sleeping before its retry as waiting', async () => {
    await sut.process('q', async () => {
      throw new Error('later');
    });

    await sut.add('q', {}, { attempts: 2, backoffMs: 200 });
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(await sut.stats('q')).toEqual({ waiting: 1, active: 0, completed: 0, failed: 0 });
  });

  it('rejects the waiters of jobs that never ran when it closes', async () => {
    const waiting = sut.addAndWait('no-worker', {}, { timeoutMs: 5000 });

    await sut.close();

    await expect(waiting).rejects.toThrow(/closed before job/);
  });

  it('refuses a second worker for the same queue', async () => {
    await sut.process('q', async () => undefined);

    await expect(sut.process('q', async () => undefined)).rejects.toThrow(/already has a worker/);
  });

  it('passes a non-Error rejection on as an Error', async () => {
    await sut.process('q', () => Promise.reject('plain string'));

    await expect(sut.addAndWait('q', {}, { attempts: 1, timeoutMs: 1000 })).rejects.toThrow('plain string');
  });
});
