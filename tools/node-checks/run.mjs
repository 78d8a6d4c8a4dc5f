#!/usr/bin/env node
// The lint or the typecheck of every Node project in one run (README.md beside this file).
//   node tools/node-checks/run.mjs lint | typecheck
// The projects are the npm workspaces (package.json) whose project.json has no target of that name of its own: the
// frontend keeps its own lint and typecheck. What a project checks is what its own tsconfig.json includes, so the
// list of files lives in one place and a new workspace is checked without touching this file.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The folders an npm workspace pattern names: `libs/*` (each folder in libs) or one folder. */
function expand(pattern) {
  if (!pattern.endsWith('/*')) return [pattern];
  const parent = pattern.slice(0, -2);
  return readdirSync(join(ROOT, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${parent}/${entry.name}`);
}

/** Workspace folders (relative to the root) whose checks of this kind run here. */
export function nodeProjects(target) {
  const workspaces = readJson(join(ROOT, 'package.json')).workspaces;
  return workspaces
    .flatMap(expand)
    .filter((folder) => existsSync(join(ROOT, folder, 'project.json')))
    .filter((folder) => !readJson(join(ROOT, folder, 'project.json')).targets?.[target])
    .sort();
}

/** One tsconfig over the projects' own includes, written under dist/ (generated, never committed). */
function writeProgramConfig(projects) {
  const outDir = join(import.meta.dirname, 'dist');
  mkdirSync(outDir, { recursive: true });
  const fromOut = (folder, pattern) =>
    relative(outDir, join(ROOT, folder, pattern))
      .split('\\')
      .join('/');
  const include = [];
  const exclude = ['**/node_modules', '**/dist'].map((pattern) => fromOut('.', pattern));
  for (const folder of projects) {
    const own = readJson(join(ROOT, folder, 'tsconfig.json'));
    include.push(...(own.include ?? ['**/*']).map((pattern) => fromOut(folder, pattern)));
    exclude.push(...(own.exclude ?? []).map((pattern) => fromOut(folder, pattern)));
  }
  const file = join(outDir, 'tsconfig.json');
  const base = relative(outDir, join(ROOT, 'tsconfig.base.json')).split('\\').join('/');
  writeFileSync(
    file,
    `${JSON.stringify({ extends: base, compilerOptions: { baseUrl: relative(outDir, ROOT) || '.', noEmit: true }, include, exclude }, null, 2)}\n`,
  );
  return file;
}

/** A tool the workspace installed (node_modules/.bin), from the root. */
function run(bin, args) {
  const { status } = spawnSync(join(ROOT, 'node_modules', '.bin', bin), args, { cwd: ROOT, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}

if (process.argv[1] === import.meta.filename) {
  const target = process.argv[2];
  if (target === 'lint') {
    const projects = nodeProjects('lint');
    run('eslint', [...projects, '--max-warnings=0']);
    run('prettier', ['--check', ...projects, '--ignore-path', '.gitignore', '--ignore-path', '.prettierignore', '--log-level', 'warn']);
  } else if (target === 'typecheck') {
    run('tsc', ['-p', relative(ROOT, writeProgramConfig(nodeProjects('typecheck')))]);
  } else {
    console.error('usage: node tools/node-checks/run.mjs lint | typecheck');
    process.exit(2);
  }
}
