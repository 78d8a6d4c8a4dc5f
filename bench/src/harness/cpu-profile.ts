import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AppProcess, nodeProcessesOf } from './app-process';
import { progress, sleep } from './log';

/**
 * `--cpu-prof DIR`: every app process the bench starts loads `profile/cpu-profile-preload.js`, which profiles
 * between two SIGWINCHs. Call before starting any app.
 */
export function enableCpuProfiles(dir: string): string {
  const absolute = resolve(dir);
  mkdirSync(absolute, { recursive: true });
  process.env.BENCH_CPU_PROF_DIR = absolute;
  const preload = join(__dirname, '..', 'profile', 'cpu-profile-preload.js');
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --require ${preload}`.trim();
  return absolute;
}

/**
 * Runs `work` with every Node process of the app profiling it; the profiles land in the `--cpu-prof` folder named
 * `<label>-<process>-<pid>.cpuprofile`. Without `--cpu-prof` it only runs `work`.
 */
export async function profiled<T>(app: AppProcess, label: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROF_DIR;
  if (!dir) return work();
  writeFileSync(join(dir, '.label'), label);
  const pids = nodeProcessesOf(app);
  const before = new Set(readdirSync(dir));
  for (const pid of pids) process.kill(pid, 'SIGWINCH');
  try {
    return await work();
  } finally {
    for (const pid of pids) process.kill(pid, 'SIGWINCH');
    const deadline = Date.now() + 10_000;
    const written = () => readdirSync(dir).filter((f) => f.endsWith('.cpuprofile') && !before.has(f)).length;
    while (written() < pids.length && Date.now() < deadline) await sleep(100);
    progress(`  cpu profiles of ${label}: ${written()} of ${pids.length} processes written to ${dir}`);
  }
}
