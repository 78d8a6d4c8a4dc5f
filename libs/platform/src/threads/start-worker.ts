import { existsSync } from 'node:fs';
import { Worker, WorkerOptions } from 'node:worker_threads';

/**
 * Jest compiles the sources inside its own module system, which a worker thread does not share: there the thread
 * compiles them itself with SWC (a dev dependency; the build ships the compiled entry and never needs it).
 */
const SOURCE_BOOTSTRAP = `
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { workerData } = require('node:worker_threads');
const { transformSync } = require(require.resolve('@swc/core', { paths: [workerData.entry] }));
Module._extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
require(workerData.entry);
`;

/**
 * A worker thread running `<entry>.js` beside the caller's compiled module, or `<entry>.ts` compiled on the fly when
 * the TypeScript sources run directly (Jest). `entry` is the path without its extension, e.g.
 * `join(__dirname, 'vision.thread')`.
 */
export function startWorker(entry: string, options: Omit<WorkerOptions, 'eval' | 'workerData'> = {}): Worker {
  const compiled = `${entry}.js`;
  if (existsSync(compiled)) return new Worker(compiled, options);
  return new Worker(SOURCE_BOOTSTRAP, { ...options, eval: true, workerData: { entry: `${entry}.ts` } });
}
