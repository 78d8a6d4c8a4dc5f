import type { RunMode } from './harness/app-process';
import { BenchOptions, RUN_MODES } from './scenario';

export const DEFAULTS = {
  mode: 'both',
  items: 100_000,
  durationSeconds: 10,
  connections: 10,
  warmupSeconds: 2,
  sqlIterations: 200,
  seed: 'curbside-bench',
  logLevel: 'info',
  speed: 10,
  rampSeconds: 20,
} as const;

export function usage(scenarios: readonly { name: string; summary: string }[]): string {
  return [
    'usage: node bench/dist/main.js <scenario> [flags]      (or: npm run bench -- <scenario> [flags])',
    '',
    'scenarios:',
    ...scenarios.map((s) => `  ${s.name.padEnd(16)} ${s.summary}`),
    '',
    'flags:',
    `  --mode embedded|distributed|both   run modes to measure (default ${DEFAULTS.mode})`,
    `  --items N                          items to seed (default ${DEFAULTS.items})`,
    `  --duration S                       seconds of load per HTTP case (default ${DEFAULTS.durationSeconds})`,
    `  --connections C                    concurrent HTTP connections (default ${DEFAULTS.connections})`,
    `  --warmup S                         seconds of unmeasured load before each HTTP case (default ${DEFAULTS.warmupSeconds})`,
    `  --sql-iterations N                 sequential runs of each bare SQL case (default ${DEFAULTS.sqlIterations})`,
    `  --seed TEXT                        data generator seed (default ${DEFAULTS.seed})`,
    `  --log-level LEVEL                  the app's LOG_LEVEL (default ${DEFAULTS.logLevel})`,
    '  --members N                        city-day: members with alert positions (default --items / 10)',
    `  --speed X                          city-day: how many times faster than real time the peak is replayed (default ${DEFAULTS.speed})`,
    `  --ramp S                           city-day: seconds in which every rate rises from 0 to the peak first, reported apart (default ${DEFAULTS.rampSeconds}; 0: the peak at once)`,
    '  --cases A,B                        only the cases with these names (feed, top-finds, feed-search: e.g. "rural r=1,dense r=25 q=chair")',
    '  --cpu-prof DIR                     a V8 CPU profile of every app process during each measured HTTP case, in DIR',
    '  --keep-database NAME               distributed feed, feed-search, city-day: seed database NAME once, keep it and reuse it next time',
    '  --help                             this text',
    '',
    'JSON results go to stdout (one object a case, then a summary) and to bench/results/; progress to stderr.',
  ].join('\n');
}

export class UsageError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function positiveNumber(flag: string, raw: string, integer: boolean): number {
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new UsageError(`${flag} needs a positive ${integer ? 'whole ' : ''}number, got "${raw}"`);
  }
  return value;
}

export type ParsedArgs = { help: true } | { help: false; options: BenchOptions };

/** Parses `<scenario> [--flag value | --flag=value …]`; throws UsageError on anything it does not know. */
export function parseArgs(argv: readonly string[], knownScenarios: readonly string[]): ParsedArgs {
  if (argv.includes('--help') || argv.includes('-h')) return { help: true };
  const [scenario, ...rest] = argv;
  if (!scenario || scenario.startsWith('-')) throw new UsageError('missing scenario');
  if (!knownScenarios.includes(scenario)) throw new UsageError(`unknown scenario "${scenario}"`);
  const options: BenchOptions = {
    scenario,
    modes: [...RUN_MODES],
    items: DEFAULTS.items,
    durationSeconds: DEFAULTS.durationSeconds,
    connections: DEFAULTS.connections,
    warmupSeconds: DEFAULTS.warmupSeconds,
    sqlIterations: DEFAULTS.sqlIterations,
    seed: DEFAULTS.seed,
    logLevel: DEFAULTS.logLevel,
    members: null,
    speed: DEFAULTS.speed,
    rampSeconds: DEFAULTS.rampSeconds,
    cases: null,
    cpuProfileDir: null,
    keepDatabase: null,
  };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}"`);
    const eq = arg.indexOf('=');
    const flag = eq >= 0 ? arg.slice(0, eq) : arg;
    let value: string;
    if (eq >= 0) value = arg.slice(eq + 1);
    else {
      const next = rest[i + 1];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value`);
      value = next;
      i++;
    }
    switch (flag) {
      case '--mode':
        if (value === 'both') options.modes = [...RUN_MODES];
        else if ((RUN_MODES as readonly string[]).includes(value)) options.modes = [value as RunMode];
        else throw new UsageError(`--mode must be embedded, distributed or both, got "${value}"`);
        break;
      case '--items':
        options.items = positiveNumber(flag, value, true);
        break;
      case '--duration':
        options.durationSeconds = positiveNumber(flag, value, false);
        break;
      case '--connections':
        options.connections = positiveNumber(flag, value, true);
        break;
      case '--warmup':
        options.warmupSeconds = value === '0' ? 0 : positiveNumber(flag, value, false);
        break;
      case '--sql-iterations':
        options.sqlIterations = positiveNumber(flag, value, true);
        break;
      case '--seed':
        if (!value) throw new UsageError('--seed needs a value');
        options.seed = value;
        break;
      case '--log-level':
        if (!LOG_LEVELS.includes(value)) throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(', ')}`);
        options.logLevel = value;
        break;
      case '--members':
        options.members = positiveNumber(flag, value, true);
        break;
      case '--speed':
        options.speed = positiveNumber(flag, value, false);
        break;
      case '--ramp':
        options.rampSeconds = value === '0' ? 0 : positiveNumber(flag, value, false);
        break;
      case '--cases':
        options.cases = value
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean);
        if (options.cases.length === 0) throw new UsageError('--cases needs at least one case name');
        break;
      case '--cpu-prof':
        if (!value) throw new UsageError('--cpu-prof needs a folder');
        options.cpuProfileDir = value;
        break;
      case '--keep-database':
        if (!/^[a-z_][a-z0-9_]{0,62}$/.test(value)) throw new UsageError('--keep-database needs a plain lower-case database name');
        options.keepDatabase = value;
        break;
      default:
        throw new UsageError(`unknown flag ${flag}`);
    }
  }
  return { help: false, options };
}
