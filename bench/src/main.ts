import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs, usage, UsageError } from './cli';
import { withCleanup } from './harness/cleanup';
import { installSignalHandlers } from './harness/cleanup';
import { enableCpuProfiles } from './harness/cpu-profile';
import { errorMessage, progress } from './harness/log';
import { fileTimestamp, machineInfo, resultsPath, writeJson } from './harness/results';
import { CaseRecord, Scenario } from './scenario';
import { SCENARIOS } from './scenarios';

interface RunSummary {
  mode: string;
  file: string;
  log?: string;
  cases: number;
  error?: string;
}

function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs(
      process.argv.slice(2),
      SCENARIOS.map((s) => s.name),
    );
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`error: ${err.message}\n\n${usage(SCENARIOS)}\n`);
    return 1;
  }
  if (parsed.help) {
    process.stdout.write(`${usage(SCENARIOS)}\n`);
    return 0;
  }
  const { options } = parsed;
  const scenario = SCENARIOS.find((s) => s.name === options.scenario) as Scenario;
  const unsupported = options.modes.filter((m) => !scenario.modes.includes(m));
  if (unsupported.length > 0) {
    process.stderr.write(`error: scenario ${scenario.name} does not run in ${unsupported.join(', ')} mode\n`);
    return 1;
  }
  installSignalHandlers();
  if (options.cpuProfileDir) progress(`CPU profiles of the app's processes under load go to ${enableCpuProfiles(options.cpuProfileDir)}`);

  const runs: RunSummary[] = [];
  const allRecords: CaseRecord[] = [];
  for (const mode of options.modes) {
    const timestamp = fileTimestamp();
    const file = resultsPath(scenario.name, mode, timestamp, 'json');
    const logFile = resultsPath(scenario.name, mode, timestamp, 'log');
    const records: CaseRecord[] = [];
    const attachments: Record<string, unknown> = {};
    const machine = machineInfo();
    const startedAt = new Date().toISOString();
    let error: string | undefined;
    progress(`${scenario.name} / ${mode}: ${options.items.toLocaleString('en-US')} items, load average ${machine.loadavg.join(' ')}`);
    try {
      await withCleanup(`${scenario.name}/${mode}`, (scope) =>
        scenario.run({
          options,
          mode,
          scope,
          logFile,
          report(record) {
            const full: CaseRecord = { scenario: scenario.name, mode, ...record };
            records.push(full);
            printJson(full);
          },
          attach(key, value) {
            attachments[key] = value;
          },
        }),
      );
    } catch (err) {
      error = errorMessage(err);
      progress(`${scenario.name} / ${mode} FAILED: ${error}`);
    }
    writeJson(file, {
      scenario: scenario.name,
      mode,
      started_at: startedAt,
      finished_at: new Date().toISOString(),
      error: error ?? null,
      options,
      machine,
      loadavg_after: loadavg().map((l) => Math.round(l * 100) / 100),
      results: records,
      ...attachments,
    });
    progress(`${scenario.name} / ${mode}: results in ${file}${existsSync(logFile) ? `, app output in ${logFile}` : ''}`);
    allRecords.push(...records);
    runs.push({ mode, file, ...(existsSync(logFile) ? { log: logFile } : {}), cases: records.length, ...(error ? { error } : {}) });
  }

  const failed = runs.filter((r) => r.error);
  printJson({
    summary: true,
    scenario: scenario.name,
    items: options.items,
    ok: failed.length === 0,
    runs,
    cases: allRecords
      .filter((r) => r.p50_ms !== undefined)
      .map((r) => ({ mode: r.mode, layer: r.layer, variant: r.variant, case: r.case, p50_ms: r.p50_ms, p99_ms: r.p99_ms, rps: r.rps })),
  });
  return failed.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    progress(`fatal: ${err instanceof Error && err.stack ? err.stack : errorMessage(err)}`);
    process.exit(1);
  },
);
