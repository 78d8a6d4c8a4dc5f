#!/usr/bin/env node
// Builds the given Nx projects (and what they depend on) before `npm start`, `npm run start:dist`, the bench and the
// operator commands, without Nx's task-by-task output: that scrolled about 120 lines past the person before the app
// said where it runs. Nx's output is kept and shown only if the build fails. One line on stderr says when something
// is really being compiled; a build restored from the Nx cache (every start after the first) says nothing.
//
//   node scripts/build-quietly.mjs launcher,frontend
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const projects = process.argv[2];
if (!projects) {
  process.stderr.write('usage: node scripts/build-quietly.mjs <project>[,<project>…]\n');
  process.exit(2);
}

// Should Nx's task headers ever read differently, a slow build still says something rather than look stuck.
const SAY_BUILDING_AFTER_MS = 5000;

const nx = createRequire(join(root, 'package.json')).resolve('nx/bin/nx.js');
const child = spawn(process.execPath, [nx, 'run-many', '-t', 'build', `--projects=${projects}`, '--output-style=stream'], {
  cwd: root,
  env: {
    ...process.env,
    // Never the terminal UI, whatever the terminal; nx.json already turns off the daemon, Nx Cloud and analytics.
    NX_TUI: 'false',
    NX_DAEMON: 'false',
    // Nx's project-graph plugins in this process rather than in worker processes: a cached build then takes about
    // half the time (1.5 s instead of 3.5 s on a busy 2-core machine), and every start pays it.
    NX_ISOLATE_PLUGINS: 'false',
    FORCE_COLOR: '0',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});

let said = false;
const sayBuilding = () => {
  if (said) return;
  said = true;
  process.stderr.write('Building Curbside…\n');
};
const timer = setTimeout(sayBuilding, SAY_BUILDING_AFTER_MS);

const output = [];
let pending = '';
child.stdout.on('data', (chunk) => {
  output.push(chunk);
  const lines = (pending + chunk.toString()).split('\n');
  pending = lines.pop() ?? '';
  // "> nx run contracts:build" starts a real build; "> nx run contracts:build  [local cache]" is a cache hit.
  if (lines.some((line) => /^> nx run \S+\s*$/.test(line))) sayBuilding();
});
child.stderr.on('data', (chunk) => output.push(chunk));

let interrupted = false;
const stop = (signal) => {
  interrupted = true;
  child.kill(signal);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

child.on('exit', (code) => {
  clearTimeout(timer);
  if (code === 0) process.exit(0);
  // Ctrl-C during the build: the person stopped it, nothing failed; 130 as a shell would answer.
  if (interrupted) process.exit(130);
  sayBuilding();
  process.stderr.write(Buffer.concat(output));
  process.stderr.write(`\nThe build failed (nx run-many -t build --projects=${projects}); its output is above.\n`);
  process.exit(code ?? 1);
});
