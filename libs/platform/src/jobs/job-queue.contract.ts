import { randomUUID } from 'node:crypto';
import type { JobQueue } from './job-queue.port';

export interface JobQueueContractSubject {
  jobs: JobQueue;
  /** Called after every test, also after a test that closed `jobs` itself. */
  teardown(): Promise<void>;
}

/** What every JobQueue adapter must do the same way; each adapter's spec runs this against a real backend. */
export function describeJobQueueContract(name: string, setup: () => Promise<JobQueueContractSubject>): void {
  describe(`JobQueue contract: ${name}`, () => {
    let subject: JobQueueContractSubject;
    let jobs: JobQueue;
    let queue: string;

    beforeEach(async () => {
      subject = await setup();
      jobs = subject.jobs;
      queue = `contract-${randomUUID()}`;
    });

    afterEach(async () => {
      await subject.teardown();
    });

    it('processes an added job with its data', async () => {
      const seen: unknown[] = [];
      await jobs.process<{ itemId: string }, void>(queue, async (data) => {
        seen.push(data);
      });

      const id = await jobs.add(queue, { itemId: 'item-1' });

      expect(typeof id).toBe('string');
      await waitFor(async () => (await jobs.stats(queue)).completed === 1);
      expect(seen).toEqual([{ itemId: 'item-1' }]);
      expect(await jobs.stats(queue)).toEqual({ waiting: 0, active: 0, completed: 1, failed: 0 });
    });

    it('resolves addAndWait with the handler result', async () => {
      await jobs.process<{ n: number }, { doubled: number }>(queue, async ({ n }) => ({ doubled: n * 2 }));

      await expect(jobs.addAndWait(queue, { n: 21 }, { timeoutMs: 5000 })).resolves.toEqual({ doubled: 42 });
    });

    it('retries a failing handler and passes it the attempt number', async () => {
      const attempts: number[] = [];
      await jobs.process<null, string>(queue, async (_data, job) => {
        attempts.push(job.attempt);
        if (job.attempt < 3) throw new Error(`flaky ${job.attempt}`);
        return 'third time lucky';
      });

      const result = await jobs.addAndWait(queue, null, { attempts: 3, backoffMs: 10, timeoutMs: 5000 });

      expect(result).toBe('third time lucky');
      expect(attempts).toEqual([1, 2, 3]);
      expect(await jobs.stats(queue)).toMatchObject({ completed: 1, failed: 0 });
    });

    it('keeps a job that fails every attempt as failed and rejects its waiter', async () => {
      let calls = 0;
      await jobs.process(queue, async () => {
        calls += 1;
        throw new Error('always broken');
      });

      await expect(jobs.addAndWait(queue, {}, { attempts: 2, backoffMs: 10, timeoutMs: 5000 })).rejects.toThrow('always broken');

      expect(calls).toBe(2);
      expect(await jobs.stats(queue)).toEqual({ waiting: 0, active: 0, completed: 0, failed: 1 });
    });

    it('never runs more jobs at once than the worker concurrency', async () => {
      let running = 0;
      let maxRunning = 0;
      let done = 0;
      for (let i = 0; i < 6; i += 1) await jobs.add(queue, { i });

      await jobs.process(
        queue,
        async () => {
          running += 1;
          maxRunning = Math.max(maxRunning, running);
          await sleep(60);
          running -= 1;
          done += 1;
        },
        { concurrency: 2 },
      );

      await waitFor(() => done === 6);
      expect(maxRunning).toBe(2);
    });

    it('runs a delayed job no sooner than its delay, once however often it is added with the same jobId meanwhile', async () => {
      const ran: number[] = [];
      await jobs.process<null, void>(queue, async () => {
        ran.push(Date.now());
      });
      const added = Date.now();
      const first = await jobs.add(queue, null, { jobId: 'deliver:event-1', delayMs: 400 });
      expect(await jobs.add(queue, null, { jobId: 'deliver:event-1', delayMs: 400 })).toBe(first);
      expect((await jobs.stats(queue)).waiting).toBe(1);
      await waitFor(() => ran.length === 1);
      expect(ran[0] - added).toBeGreaterThanOrEqual(390);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(ran).toHaveLength(1);
    });

    it('ignores a second add with the same jobId while the first is waiting, and accepts it once finished', async () => {
      const seen: string[] = [];
      const first = await jobs.add(queue, { v: 'first' }, { jobId: 'photo-check:item-1' });
      const duplicate = await jobs.add(queue, { v: 'duplicate' }, { jobId: 'photo-check:item-1' });
      await jobs.add(queue, { v: 'other' }, { jobId: 'photo-check:item-2' });

      expect(duplicate).toBe(first);
      expect((await jobs.stats(queue)).waiting).toBe(2);

      await jobs.process<{ v: string }, void>(queue, async ({ v }) => {
        seen.push(v);
      });
      await waitFor(() => seen.length === 2);
      expect(seen.sort()).toEqual(['first', 'other']);

      const again = await jobs.add(queue, { v: 'again' }, { jobId: 'photo-check:item-1' });
      expect(again).not.toBe(first);
      await waitFor(() => seen.length === 3);
      expect(seen[2]).toBe('again');
    });

    it('ignores a second add with the same jobId while the first is running', async () => {
      const gate = deferred();
      let calls = 0;
      await jobs.process(queue, async () => {
        calls += 1;
        await gate.promise;
      });
      const first = await jobs.add(queue, {}, { jobId: 'same' });
      await waitFor(async () => (await jobs.stats(queue)).active === 1);

      const duplicate = await jobs.add(queue, {}, { jobId: 'same' });

      expect(duplicate).toBe(first);
      gate.resolve();
      await waitFor(async () => (await jobs.stats(queue)).completed === 1);
      expect(calls).toBe(1);
    });

    it('rejects addAndWait with a timeout error when the job takes too long', async () => {
      const gate = deferred();
      await jobs.process(queue, () => gate.promise);

      const started = Date.now();
      await expect(jobs.addAndWait(queue, {}, { timeoutMs: 150 })).rejects.toThrow(/timed out/i);

      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
      gate.resolve();
    });

    it('holds jobs added before any worker and runs them once one starts', async () => {
      const seen: number[] = [];
      for (const n of [1, 2, 3]) await jobs.add(queue, { n });
      await sleep(50);
      expect(await jobs.stats(queue)).toMatchObject({ waiting: 3, active: 0, completed: 0 });

      await jobs.process<{ n: number }, void>(queue, async ({ n }) => {
        seen.push(n);
      });

      await waitFor(() => seen.length === 3);
      expect(seen.sort()).toEqual([1, 2, 3]);
    });

    it('lets the running job finish on close, then refuses new jobs', async () => {
      let started = false;
      let finished = false;
      await jobs.process(queue, async () => {
        started = true;
        await sleep(300);
        finished = true;
        return 'finished anyway';
      });
      const result = jobs.addAndWait(queue, {}, { timeoutMs: 5000 });
      await waitFor(() => started);

      await jobs.close();

      expect(finished).toBe(true);
      await expect(result).resolves.toBe('finished anyway');
      await expect(jobs.add(queue, {})).rejects.toThrow(/closed/i);
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function deferred(): { promise: Promise<void>; resolve(): void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 4000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}
