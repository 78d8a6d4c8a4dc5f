import { parentPort } from 'node:worker_threads';
import { CONNECTIONS_PER_PUSH_SERVICE, PUSH_THREADS, PushSender } from './push-sender';
import type { SendingReply, SendingRequest } from './push-sending.threads';

/**
 * A push thread's entry: each request is a batch of pushes, encrypted and posted here at once, answered with the
 * push services' answers in the same order. The ECDH of every message and the requests (nearly all of a push's CPU)
 * run beside the process's event loop, not on it.
 */
const port = parentPort;
if (!port) throw new Error('push-sending.thread must run as a worker thread');
const sender = new PushSender(Math.ceil(CONNECTIONS_PER_PUSH_SERVICE / PUSH_THREADS));
port.on('message', (request: SendingRequest) => {
  void Promise.all(request.pushes.map((push) => sender.send(push))).then((results) => port.postMessage({ id: request.id, results } satisfies SendingReply));
});
