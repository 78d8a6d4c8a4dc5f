/**
 * Loaded into every app process with `NODE_OPTIONS=--require …/cpu-profile-preload.js` when the bench runs with
 * `--cpu-prof DIR`. SIGWINCH starts V8's sampling profiler; the next SIGWINCH stops it and writes
 * `DIR/<label>-<process>-<pid>.cpuprofile`, where `<label>` is what the bench wrote in `DIR/.label` (the case) and
 * `<process>` names the entry point (gateway, items, embedded, …). The bench signals only around a measured load,
 * so a profile holds that load and nothing of start-up or seeding (node's own --cpu-prof covers the whole life of
 * a process and is written only on a clean exit, which a gateway stopped by SIGTERM never has). SIGWINCH because
 * its default action is to do nothing, and NestJS's shutdown hooks (the gateway's) stop the app on SIGUSR2.
 */
import { Session } from 'node:inspector';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { processName } from './process-name';

const directory = process.env.BENCH_CPU_PROF_DIR;

function label(dir: string): string {
  try {
    return (
      readFileSync(join(dir, '.label'), 'utf8')
        .trim()
        .replace(/[^A-Za-z0-9_.=-]+/g, '_') || 'profile'
    );
  } catch {
    return 'profile';
  }
}

if (directory) {
  const dir = directory;
  const session = new Session();
  session.connect();
  let running = false;
  session.post('Profiler.enable');
  // 0.5 ms between samples: enough detail for requests that cost a few milliseconds of CPU.
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  process.on('SIGWINCH', () => {
    if (!running) {
      running = true;
      session.post('Profiler.start');
      return;
    }
    running = false;
    session.post('Profiler.stop', (err, result) => {
      if (err) {
        process.stderr.write(`cpu profile not written: ${err.message}\n`);
        return;
      }
      writeFileSync(join(dir, `${label(dir)}-${processName(process.argv[1])}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
