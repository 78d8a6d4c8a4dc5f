import { parentPort } from 'node:worker_threads';
import { LocalVisionModels } from './local-vision-models';
import type { VisionReply, VisionRequest } from './vision-thread.messages';

/**
 * The model thread's entry: loads the models, then answers one request at a time. tfjs on wasm runs each model
 * synchronously (~50–150 ms a step, ~300 ms a photo); here that blocks only this thread, not the process's
 * event loop, which in embedded mode also serves the gateway and every other service.
 */
function reply(message: VisionReply): void {
  parentPort?.postMessage(message);
}

async function serve(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('vision.thread must run as a worker thread');
  const models = await LocalVisionModels.load();
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (request: VisionRequest) => {
    queue = queue.then(async () => {
      try {
        if (request.kind === 'analyse') reply({ id: request.id, ok: true, findings: await models.analyse(request.image) });
        else if (request.kind === 'memory') reply({ id: request.id, ok: true, memory: models.memory() });
        else {
          models.dispose();
          reply({ id: request.id, ok: true });
          port.close();
        }
      } catch (error: unknown) {
        reply({ id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) });
      }
    });
  });
  reply({ kind: 'ready', loadMs: models.loadMs });
}

serve().catch((error: unknown) => reply({ kind: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
