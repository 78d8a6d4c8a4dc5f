import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './app-process';

export const RESULTS_DIR = join(REPO_ROOT, 'bench', 'results');

/** 2025-11-22T03-40-12Z: sorts by time and is a valid file name everywhere. */
export function fileTimestamp(date = new Date()): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
}

export function resultsPath(scenario: string, mode: string, timestamp: string, extension: 'json' | 'log'): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  return join(RESULTS_DIR, `${scenario}-${mode}-${timestamp}.${extension}`);
}

export interface MachineInfo {
  cpus: number;
  cpu_model: string;
  memory_gb: number;
  node: string;
  loadavg: number[];
  git_commit: string | null;
}

export function machineInfo(): MachineInfo {
  let commit: string | null = null;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    commit = null;
  }
  const cpuList = cpus();
  return {
    cpus: cpuList.length,
    cpu_model: cpuList[0]?.model ?? 'unknown',
    memory_gb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadavg: loadavg().map((l) => Math.round(l * 100) / 100),
    git_commit: commit,
  };
}

export function writeJson(path: string, value: unknown): void {
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}
