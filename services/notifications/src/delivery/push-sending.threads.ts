import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { createLogger, startWorker } from '@curbside/platform';
import { CONNECTIONS_PER_PUSH_SERVICE, PUSH_THREADS, PushResult, PushSender, PushToSend } from './push-sender';

export interface SendingRequest {
  id: number;
  pushes: PushToSend[];
}
export interface SendingReply {
  id: number;
  results: PushResult[];
}

interface Slot {
  worker: Worker | null;
  pending: Map<number, { pushes: PushToSend[]; resolve(results: PushResult[]): void }>;
}

/**
 * Pushes encrypted and posted on worker threads (push-sending.thread), started on first use: a batch goes to the
 * thread with the fewest batches waiting. A thread that fails hands its waiting batches back to be sent from the
 * caller's thread, so no push is lost with it, and is started again for the next batch. A batch a failed thread had
 * already posted may go out twice; the service worker tags each notification shown with its id, so the second copy
 * replaces the first on the screen.
 */
export class PushSendingThreads {
  private readonly log = createLogger('push');
  private readonly slots: Slot[];
  /** Sends from this thread when the push threads cannot (a thread failed, or they are closed). */
  private fallback: PushSender | null = null;
  private nextId = 1;
  private closed = false;

  constructor(count = PUSH_THREADS) {
    this.slots = Array.from({ length: Math.max(1, count) }, () => ({ worker: null, pending: new Map() }));
  }

  /** The push services' answers, in the pushes' order. */
  send(pushes: PushToSend[]): Promise<PushResult[]> {
    if (pushes.length === 0) return Promise.resolve([]);
    if (this.closed) return this.sendHere(pushes);
    const slot = this.slots.reduce((least, s) => (s.pending.size < least.pending.size ? s : least));
    const worker = slot.worker ?? this.start(slot);
    const id = this.nextId++;
    return new Promise((resolve) => {
      slot.pending.set(id, { pushes, resolve });
      worker.ref();
      worker.postMessage({ id, pushes } satisfies SendingRequest);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      this.slots.map(async (slot) => {
        const worker = slot.worker;
        slot.worker = null;
        this.handBack(slot);
        if (worker) await worker.terminate();
      }),
    );
    this.fallback?.close();
  }

  private start(slot: Slot): Worker {
    const worker = startWorker(join(__dirname, 'push-sending.thread'));
    slot.worker = worker;
    worker.on('message', (reply: SendingReply) => {
      const waiting = slot.pending.get(reply.id);
      slot.pending.delete(reply.id);
      // An idle thread must not keep the process alive.
      if (slot.pending.size === 0) worker.unref();
      waiting?.resolve(reply.results);
    });
    const fail = (reason: unknown) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      this.log.error({ err: reason }, 'a push thread stopped; its pushes are sent from the service itself');
      this.handBack(slot);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exited with code ${code}`)));
    return worker;
  }

  private handBack(slot: Slot): void {
    for (const waiting of slot.pending.values()) void this.sendHere(waiting.pushes).then(waiting.resolve);
    slot.pending.clear();
  }

  private sendHere(pushes: PushToSend[]): Promise<PushResult[]> {
    this.fallback ??= new PushSender(CONNECTIONS_PER_PUSH_SERVICE);
    const sender = this.fallback;
    return Promise.all(pushes.map((push) => sender.send(push)));
  }
}
