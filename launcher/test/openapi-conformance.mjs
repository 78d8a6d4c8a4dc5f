/**
 * Checks recorded HTTP exchanges against the API document, the way a strict client or a validating proxy would:
 * the route is in the document, the status is declared for it, the Content-Type is one it declares, a JSON body
 * matches that status's schema, and every required header is there and matches its schema.
 *
 *   node launcher/test/openapi-conformance.mjs <openapi.json> <traffic.jsonl>
 *
 * prints a JSON report `{ checked, skipped, nonConforming: [...] }`. Plain Node rather than a Jest module:
 * openapi-backend loads an ES-module-only dependency, which Jest cannot require on Node 20.
 * The traffic comes from libs/testing/src/api-traffic-recorder.ts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { OpenAPIBackend } = require('openapi-backend');
const Ajv2020 = require('ajv/dist/2020').default;
const addFormats = require('ajv-formats').default;

export async function checkConformance(document, exchanges) {
  const api = new OpenAPIBackend({
    definition: document,
    // quick: no check of the document itself, whose schema openapi-backend takes from OpenAPI 3.0 (it is linted
    // as 3.1 by gateway/src/docs/openapi.spec.ts); validators are compiled as routes come up.
    quick: true,
    // OpenAPI 3.1 schemas are JSON Schema 2020-12: openapi-backend's default Ajv speaks draft-07.
    customizeAjv: (_draft07, options) => addFormats(new Ajv2020({ ...options, strict: false, allErrors: true })),
  });
  await api.init();
  const report = { checked: 0, operations: [], skipped: [], nonConforming: [] };
  const operations = new Set();
  for (const exchange of exchanges) {
    const url = new URL(exchange.url);
    const where = `${exchange.method} ${url.pathname}${url.search} → ${exchange.status}`;
    const operation = api.matchOperation({ method: exchange.method, path: url.pathname, headers: {}, query: {} });
    if (!operation) {
      // A path that is no route (the SPA, a probe for /api/nothing-here) answers 404: nothing to check it against.
      if (exchange.status === 404 || !url.pathname.startsWith('/api/')) report.skipped.push(where);
      else report.nonConforming.push({ where, problem: 'no operation of the document matches' });
      continue;
    }
    report.checked++;
    operations.add(operation.operationId);
    const problems = problemsOf(api, operation, exchange);
    if (problems.length > 0) report.nonConforming.push({ where, operationId: operation.operationId, problems, body: exchange.body });
  }
  report.operations = [...operations].sort();
  return report;
}

function problemsOf(api, operation, exchange) {
  const declared = operation.responses?.[String(exchange.status)] ?? operation.responses?.default;
  if (!declared) return [`status ${exchange.status} is not declared (declared: ${Object.keys(operation.responses ?? {}).join(', ')})`];
  const problems = [];
  const mediaType = (exchange.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const content = declared.content ?? {};
  if (Object.keys(content).length === 0) {
    if (exchange.hadBody) problems.push(`a body (${mediaType || 'no Content-Type'}) where none is declared`);
  } else if (!(mediaType in content)) {
    problems.push(`Content-Type ${mediaType || '(none)'} is not one of ${Object.keys(content).join(', ')}`);
  } else if (mediaType === 'application/json') {
    const result = api.validateResponse(exchange.body, operation, exchange.status);
    for (const error of result.errors ?? []) problems.push(`body${error.instancePath}: ${error.message} ${JSON.stringify(error.params)}`);
  }
  for (const [name, header] of Object.entries(declared.headers ?? {})) {
    if (header.required && !(name.toLowerCase() in exchange.headers)) problems.push(`required header ${name} is missing`);
  }
  const headers = api.validateResponseHeaders(exchange.headers, operation, { statusCode: exchange.status });
  for (const error of headers.errors ?? []) problems.push(`header${error.instancePath}: ${error.message}`);
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [documentFile, trafficFile] = process.argv.slice(2);
  const document = JSON.parse(readFileSync(documentFile, 'utf8'));
  const exchanges = readFileSync(trafficFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
  process.stdout.write(JSON.stringify(await checkConformance(document, exchanges)));
}
