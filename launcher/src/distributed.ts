import { spawn, ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createLogger, loadConfig } from '@curbside/platform';
import { ALL_SERVICES } from './services';

/**
 * `npm run start:dist`: every service and the gateway as its own process against the PostgreSQL, NATS and
 * Redis on this machine (what docker-compose runs, without containers). `REPLICAS=N` starts N processes of each
 * service: they share requests through NATS queue groups and events through the durable consumers; the one
 * gateway process owns the HTTP port (put a load balancer in front of several for more).
 */
function main(): void {
  const log = createLogger('start-dist');
  const config = loadConfig(process.env, { RUN_MODE: 'distributed' });
  const root = resolve(__dirname, '..', '..');
  const env = { ...process.env, RUN_MODE: 'distributed' };
  const apps = [
    ...ALL_SERVICES.flatMap((s) =>
      Array.from({ length: config.REPLICAS }, (_, i) => ({
        name: config.REPLICAS > 1 ? `${s.name}#${i + 1}` : s.name,
        entry: join(root, 'services', s.name, 'dist', 'main.js'),
      })),
    ),
    { name: 'gateway', entry: join(root, 'gateway', 'dist', 'main.js') },
  ];
  let stopping = false;
  const children: ChildProcess[] = apps.map(({ name, entry }) => {
    const child = spawn(process.execPath, [entry], { env, stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      if (!stopping) log.error({ app: name, code, signal }, `${name} exited`);
    });
    return child;
  });
  log.info(
    { url: `http://${config.HOST}:${config.PORT}`, processes: apps.length, replicas: config.REPLICAS },
    `Curbside (distributed, ${config.REPLICAS} of each service) is starting on http://${config.HOST}:${config.PORT}`,
  );
  const stop = () => {
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
    setTimeout(() => process.exit(0), 5000).unref();
    Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r))))).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main();
