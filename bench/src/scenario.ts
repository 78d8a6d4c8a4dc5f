import type { RunMode } from './harness/app-process';
import type { CleanupScope } from './harness/cleanup';

export const RUN_MODES: readonly RunMode[] = ['embedded', 'distributed'];

/** Flags every scenario understands (a scenario ignores those that do not apply to it). */
export interface BenchOptions {
  scenario: string;
  modes: RunMode[];
  items: number;
  durationSeconds: number;
  connections: number;
  warmupSeconds: number;
  sqlIterations: number;
  seed: string;
  logLevel: string;
  /** city-day: members with alert positions (default: --items / 10). */
  members: number | null;
  /** city-day: how many times faster than real time the peak hour is replayed. */
  speed: number;
  /** city-day: seconds in which every rate rises from 0 to the peak before the measured replay (0: none). */
  rampSeconds: number;
  /** Only these cases (by name), or all of them. */
  cases: string[] | null;
  /** Every app process writes a V8 CPU profile here when it exits (node --cpu-prof), or none. */
  cpuProfileDir: string | null;
  /** Distributed: a seeded database kept between runs (seeded by the first). */
  keepDatabase: string | null;
}

/** One measured case as printed on stdout (one JSON object a line) and stored in the results file. */
export interface CaseFields {
  items: number;
  case: string;
  /** What was timed: "http" (through the gateway), "sql" (the statement alone), "seed", … */
  layer?: string;
  [metric: string]: string | number | boolean | null | undefined;
}

export interface CaseRecord extends CaseFields {
  scenario: string;
  mode: RunMode;
}

export interface ScenarioContext {
  options: BenchOptions;
  mode: RunMode;
  /** Everything the scenario creates registers its undo here; the harness closes it after the mode, or on failure. */
  scope: CleanupScope;
  /** The app's output goes here (bench/results/<scenario>-<mode>-<timestamp>.log). */
  logFile: string;
  /** Prints the record on stdout and keeps it for the results file. */
  report(record: CaseFields): void;
  /** Extra material for the results file only (query plans, dataset statistics, …). */
  attach(key: string, value: unknown): void;
}

/**
 * A benchmark. Add one by writing `scenarios/<name>.scenario.ts` exporting a Scenario and listing it in
 * scenarios/index.ts; main.ts does the flags, the modes, the cleanup and the results files.
 */
export interface Scenario {
  name: string;
  summary: string;
  /** Modes the scenario can run in; `--mode both` runs these. */
  modes: readonly RunMode[];
  run(context: ScenarioContext): Promise<void>;
}
