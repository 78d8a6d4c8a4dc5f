import { resolve } from 'node:path';
import { createLogger, loadConfig, StartupError } from '@curbside/platform';
import { startEmbeddedStack } from './stack';

/** `npm start`: the whole app in one process, with a PostgreSQL of its own; nothing to install. */
async function main(): Promise<void> {
  const log = createLogger('curbside');
  const config = loadConfig(process.env, { RUN_MODE: 'embedded' });
  const dataDir = resolve(config.DATA_DIR);
  log.info({ dataDir }, `Starting Curbside; data in ${dataDir}`);
  const started = Date.now();
  const stack = await startEmbeddedStack(config);
  const port = new URL(stack.url).port;
  const url = config.HOST === '127.0.0.1' || config.HOST === '0.0.0.0' ? `http://localhost:${port}` : stack.url;

  // Ctrl-C is heard before the URL is shown: a person who stops the app as soon as it says it runs gets the clean stop
  // below, not the signal's default, which ends the process at once (no "Stopped", nothing closed in order).
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'Stopping Curbside');
    try {
      await stack.close();
      log.info('Stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'Stopped with an error');
      process.exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
  log.info({ url, dataDir, startupMs: Date.now() - started }, `Curbside is running on ${url} (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

main().catch((err: unknown) => {
  const log = createLogger('curbside');
  // A problem the person can fix is said plainly; anything else keeps its stack for the bug report.
  if (err instanceof StartupError || (err instanceof Error && err.message.startsWith('Invalid configuration'))) log.fatal(err.message);
  else log.fatal({ err }, 'Curbside failed to start');
  process.exit(1);
});
