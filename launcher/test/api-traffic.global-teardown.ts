import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

interface Report {
  checked: number;
  skipped: string[];
  nonConforming: { where: string; operationId?: string; problems?: string[]; problem?: string; body?: unknown }[];
}

/**
 * After the stack tests: their recorded answers, replayed against the API document (launcher/test/openapi-conformance.mjs
 * with the document built by the gateway's dist, which `nx run launcher:test` builds first). Any answer the document
 * does not allow fails the run, listed with what is wrong.
 */
export default function checkRecordedApiTraffic(): void {
  const file = process.env.API_TRAFFIC_FILE;
  if (!file || process.env.API_TRAFFIC_RECORDED_BY_SETUP !== file) return;
  const exchanges = readFileSync(file, 'utf8').trim();
  if (exchanges === '') return rmSync(dirname(file), { recursive: true, force: true });
  const documentFile = join(dirname(file), 'openapi.json');
  writeFileSync(documentFile, JSON.stringify(builtDocument()));
  const output = execFileSync(process.execPath, [join(__dirname, 'openapi-conformance.mjs'), documentFile, file], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = JSON.parse(output) as Report;
  const summary = `API document replay: ${report.checked} answers checked against /api/openapi.json, ${report.nonConforming.length} non-conforming (${report.skipped.length} not API routes)`;
  console.log(`\n${summary}`);
  if (report.nonConforming.length === 0) return rmSync(dirname(file), { recursive: true, force: true });
  const reportFile = join(dirname(file), 'non-conforming.json');
  writeFileSync(reportFile, JSON.stringify(report.nonConforming, null, 2));
  const firstFew = report.nonConforming.slice(0, 10).map((n) => `  ${n.where} (${n.operationId ?? '?'}): ${(n.problems ?? [n.problem]).join('; ')}`);
  throw new Error(`${summary}; all in ${reportFile}:\n${firstFew.join('\n')}`);
}

/** Required here, not imported: Jest loads this file outside its module map, so the gateway comes from its build. */
function builtDocument(): unknown {
  let gateway: { buildOpenApiDocument?: () => unknown };
  try {
    gateway = require('@curbside/gateway');
  } catch (error) {
    throw new Error(`The API document replay needs the gateway built (npx nx run launcher:build): ${(error as Error).message}`);
  }
  if (!gateway.buildOpenApiDocument) throw new Error('The gateway build is older than its sources: run npx nx run launcher:build');
  return gateway.buildOpenApiDocument();
}
