import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createLogger, loadConfig } from '@curbside/platform';
import { ALL_SERVICES } from './services';
import { ChildExit, SupervisedChild, Supervisor } from './supervisor';

/**
 * `npm run start:dist`: every service and the gateway as its own process against the PostgreSQL, NATS and
 * Redis on this machine (what docker-compose runs, without containers). `REPLICAS=N` starts N processes of each
 * service: they share requests through NATS queue groups and events through the durable consumers; the one
 * gateway process owns the HTTP port (put a load balancer in front of several for more). A process that dies is
 * started again (see supervisor.ts); one that keeps dying stops the whole launcher with exit code 1.
 */
function main(): void {
  const log = createLogger('start-dist');
  const config = loadConfig(process.env, { RUN_MODE: 'distributed' });
  const root = resolve(__dirname, '..', '..');
  const env = { ...process.env, RUN_MODE: 'distributed' };
  const entries = new Map<string, string>([
    ...ALL_SERVICES.flatMap((s) =>
      Array.from({ length: config.REPLICAS }, (_, i): [string, string] => [
        config.REPLICAS > 1 ? `${s.name}#${i + 1}` : s.name,
        join(root, 'services', s.name, 'dist', 'main.js'),
      ]),
    ),
    ['gateway', join(root, 'gateway', 'dist', 'main.js')],
  ]);

  // Processes on one machine cannot share a metrics port: the gateway has METRICS_PORT, the others the next ones in
  // the order listed in the start-up line (the same port again after a restart).
  const metricsPorts = new Map<string, number>();
  const firstMetricsPort = config.METRICS_PORT;
  if (firstMetricsPort) ['gateway', ...[...entries.keys()].filter((app) => app !== 'gateway')].forEach((app, i) => metricsPorts.set(app, firstMetricsPort + i));

  const spawnApp = (app: string): SupervisedChild => {
    const entry = entries.get(app);
    if (!entry) throw new Error(`No such app: ${app}`);
    const metricsPort = metricsPorts.get(app);
    const child = spawn(process.execPath, [entry], { env: metricsPort ? { ...env, METRICS_PORT: String(metricsPort) } : env, stdio: 'inherit' });
    let exited = false;
    const listeners: ((exit: ChildExit) => void)[] = [];
    const exit = (result: ChildExit) => {
      if (exited) return;
      exited = true;
      for (const listener of listeners) listener(result);
    };
    child.once('exit', (code, signal) => exit({ code, signal }));
    // Could not be started at all (no such file, no memory): the same as a crash for the supervisor.
    child.once('error', (err) => {
      log.error({ app, err: err.message }, `${app} could not be started: ${err.message}`);
      exit({ code: null, signal: null });
    });
    return {
      pid: child.pid,
      kill: (signal) => void child.kill(signal),
      onExit: (listener) => (exited ? listener({ code: child.exitCode, signal: child.signalCode }) : listeners.push(listener)),
    };
  };

  const howItEnded = ({ code, signal }: ChildExit) => (signal ? `killed by ${signal}` : `exit code ${code}`);
  const supervisor = new Supervisor([...entries.keys()], spawnApp, {
    restarting: (app, exit, delayMs, crashes) =>
      log.error({ app, ...exit, restartInMs: delayMs, crashes }, `${app} stopped unexpectedly (${howItEnded(exit)}); restarting it in ${delayMs / 1000} s`),
    restarted: (app, pid) => log.info({ app, pid }, `${app} restarted (pid ${pid})`),
    gaveUp: (app, exit, crashes) =>
      log.fatal(
        { app, ...exit, crashes },
        `${app} stopped unexpectedly ${crashes} times within a minute (last: ${howItEnded(exit)}); giving up and stopping Curbside. Its output above says why.`,
      ),
  });
  // Ctrl-C is heard from the first process started on, before the line saying the app starts (as in embedded.ts).
  const stop = () => void supervisor.stop();
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  supervisor.start();
  log.info(
    {
      url: `http://${config.HOST}:${config.PORT}`,
      processes: entries.size,
      replicas: config.REPLICAS,
      ...(metricsPorts.size ? { metricsPorts: Object.fromEntries(metricsPorts) } : {}),
    },
    `Curbside (distributed, ${config.REPLICAS} of each service) is starting on http://${config.HOST}:${config.PORT}`,
  );
  void supervisor.finished.then((outcome) => process.exit(outcome.stoppedBy === 'crashes' ? 1 : 0));
}

main();
