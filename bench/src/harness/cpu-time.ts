import { readFileSync } from 'node:fs';
import type { SqlRunner } from '../data/seed-items';
import { processName } from '../profile/process-name';
import { AppProcess, descendantsOf } from './app-process';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds (user + system) each process of the app has used so far, and the write system calls it has made
 * (`syscw` of /proc/<pid>/io: every socket write, log line and file write), keyed by pid.
 */
export type CpuSnapshot = Map<number, { name: string; ms: number; writes: number }>;

/**
 * What every process of the app (the launcher, its Node processes and, embedded, its PostgreSQL with each backend)
 * has used of the CPU, from /proc: a figure the machine's other load does not inflate, unlike wall time.
 */
export function cpuSnapshot(app: AppProcess): CpuSnapshot {
  const snapshot: CpuSnapshot = new Map();
  for (const pid of [app.pid, ...descendantsOf(app.pid).map((d) => d.pid)]) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
      snapshot.set(pid, { name: nameOf(pid), ms, writes: writeCallsOf(pid) });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return snapshot;
}

/**
 * CPU milliseconds used between two snapshots, summed by process name (`postgres` for all of its processes), as
 * record fields: `cpu_ms_notifications`, `cpu_ms_postgres`, …
 */
export function cpuUsedBetween(before: CpuSnapshot, after: CpuSnapshot): Record<string, number> {
  return sumByName(before, after, 'ms', 'cpu_ms_');
}

/**
 * Write system calls made between two snapshots, summed by process name, as record fields: `writes_gateway`, … On
 * loopback a socket write costs its sender the receiver's side of TCP as well, so the count is a cost of its own.
 */
export function writesBetween(before: CpuSnapshot, after: CpuSnapshot): Record<string, number> {
  return sumByName(before, after, 'writes', 'writes_');
}

/** A counter's growth between two snapshots, summed by process name, as `<prefix><name>` fields, largest first. */
function sumByName(before: CpuSnapshot, after: CpuSnapshot, counter: 'ms' | 'writes', prefix: string): Record<string, number> {
  const grown: Record<string, number> = {};
  for (const [pid, entry] of after) grown[entry.name] = (grown[entry.name] ?? 0) + entry[counter] - (before.get(pid)?.[counter] ?? 0);
  return Object.fromEntries(
    Object.entries(grown)
      .filter(([, amount]) => amount > 0)
      .sort((a, b) => b[1] - a[1])
      .map(([name, amount]) => [`${prefix}${name.replace(/[^A-Za-z0-9]+/g, '_')}`, Math.round(amount)]),
  );
}

function writeCallsOf(pid: number): number {
  try {
    return Number(/^syscw: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0);
  } catch {
    // Not readable (another user's process) or already ended.
    return 0;
  }
}

/** Busy CPU milliseconds of the whole machine so far (every process: the app, its servers, the load generator). */
export function machineBusyMs(): number {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are not busy, steal is another machine's.
  const busy = fields[0] + fields[1] + fields[2] + fields[5] + fields[6];
  return (busy * 1000) / TICKS_PER_SECOND;
}

/** The name a process of the app goes by in the bench's figures: its entry's (`items`, `gateway`, `embedded`), else its command. */
export function nameOf(pid: number): string {
  const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  if (argv[0] === process.execPath) return processName(argv[1]);
  return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
}

/**
 * CPU milliseconds each database backend of one service (by its connections' application_name, `curbside-<service>`)
 * has used so far, keyed by pid: the service's statements alone, whatever else the database serves meanwhile. The
 * database runs on this machine in both modes, so its backends' /proc entries are readable.
 */
export async function backendCpu(db: SqlRunner, service: string): Promise<Map<number, number>> {
  return (await backendCpuByService(db)).get(service) ?? new Map();
}

/** backendCpu of every service at once, keyed by service. */
export async function backendCpuByService(db: SqlRunner): Promise<Map<string, Map<number, number>>> {
  const { rows } = await db.query(
    `SELECT pid, substr(application_name, 10) AS service FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'curbside-%'`,
  );
  const byService = new Map<string, Map<number, number>>();
  for (const row of rows) {
    const pid = Number(row.pid);
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const used = byService.get(String(row.service)) ?? new Map<number, number>();
      used.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
      byService.set(String(row.service), used);
    } catch {
      // A backend that ended between the query and the read.
    }
  }
  return byService;
}

/** CPU milliseconds the backends used between two `backendCpu` readings (a backend new since counts whole). */
export function backendCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, ms] of after) used += ms - (before.get(pid) ?? 0);
  return Math.round(used);
}
