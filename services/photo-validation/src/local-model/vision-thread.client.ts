import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '@curbside/platform';
import type { RgbImage } from '../validation/rgb-image';
import type { VisionFindings } from './vision-findings';
import type { VisionReply, VisionRequest } from './vision-thread.messages';

/** The thread's entry, beside this module (compiled `.js`, or `.ts` under Jest). */
const ENTRY = join(__dirname, 'vision.thread');

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Pending = { resolve(reply: Extract<VisionReply, { ok: true }>): void; reject(error: Error): void };

/** The local models in a worker thread of their own: requests in, findings out, one at a time, in order. */
export class VisionThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null;

  private constructor(
    private readonly worker: Worker,
    /** Model load time in the thread, in ms. */
    readonly loadMs: number,
  ) {
    worker.on('message', (reply: VisionReply) => {
      if (!('id' in reply)) return;
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      this.refWhileBusy();
      if (reply.ok) waiting?.resolve(reply);
      else waiting?.reject(new Error(`Local photo model failed: ${reply.error}`));
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`The local photo model thread exited (code ${code})`)));
    this.refWhileBusy();
  }

  /** Starts the thread and resolves once its models are loaded. */
  static start(): Promise<VisionThread> {
    const worker = startWorker(ENTRY);
    return new Promise((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`The local photo model thread exited (code ${code}) before it was ready`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      const onMessage = (reply: VisionReply) => {
        if (!('kind' in reply)) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        worker.off('exit', onExit);
        if (reply.kind === 'ready') resolve(new VisionThread(worker, reply.loadMs));
        else {
          reject(new Error(`The local photo models failed to load: ${reply.error}`));
          void worker.terminate();
        }
      };
      worker.on('message', onMessage);
    });
  }

  /** False once the thread died; a new one must be started. */
  get alive(): boolean {
    return this.failure === null;
  }

  async analyse(image: RgbImage): Promise<VisionFindings> {
    // A copy, so that the pixels can be moved to the thread without touching the caller's buffer.
    const data = new Uint8Array(image.data);
    const reply = await this.request({ kind: 'analyse', image: { ...image, data } }, [data.buffer]);
    if (!reply.findings) throw new Error('The local photo model thread answered without findings');
    return reply.findings;
  }

  /** Tensors alive in the thread's tfjs (a leak shows as numbers that grow from photo to photo). */
  async memory(): Promise<{ tensors: number; bytes: number }> {
    const reply = await this.request({ kind: 'memory' });
    if (!reply.memory) throw new Error('The local photo model thread answered without memory figures');
    return reply.memory;
  }

  /** Lets queued requests finish, frees the weights, then ends the thread. */
  async dispose(): Promise<void> {
    if (this.failure) return;
    await this.request({ kind: 'dispose' });
    this.failure = new Error('The local photo models were released');
    await this.worker.terminate();
  }

  private request(message: WithoutId<VisionRequest>, transfer: ArrayBuffer[] = []): Promise<Extract<VisionReply, { ok: true }>> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.refWhileBusy();
      this.worker.postMessage({ ...message, id }, transfer);
    });
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  /** An idle thread must not keep the process alive; one with work in flight must. */
  private refWhileBusy(): void {
    if (this.pending.size > 0) this.worker.ref();
    else this.worker.unref();
  }
}
