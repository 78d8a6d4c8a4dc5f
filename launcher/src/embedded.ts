import { createLogger, loadConfig } from '@curbside/platform';
import { startEmbeddedStack } from './stack';

/** `npm start`: the whole app in one process, no servers needed. */
async function main(): Promise<void> {
  const log = createLogger('embedded');
  const config = loadConfig(process.env, { RUN_MODE: 'embedded' });
  const started = Date.now();
  const stack = await startEmbeddedStack(config);
  log.info({ url: stack.url, dataDir: config.DATA_DIR, startupMs: Date.now() - started }, `Curbside is running on ${stack.url}`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    await stack.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  createLogger('embedded').fatal({ err }, 'failed to start');
  process.exit(1);
});
