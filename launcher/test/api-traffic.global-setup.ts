import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Before the stack tests: every exchange of their API client is recorded (libs/testing/src/api-traffic-recorder.ts)
 * into one file, which api-traffic.global-teardown.ts checks against the API document when they are done. A file
 * named by the caller in API_TRAFFIC_FILE is used as it is and left in place.
 */
export default function recordApiTraffic(): void {
  if (process.env.API_TRAFFIC_FILE) return;
  const file = join(mkdtempSync(join(tmpdir(), 'curbside-api-traffic-')), 'traffic.jsonl');
  writeFileSync(file, '');
  process.env.API_TRAFFIC_FILE = file;
  process.env.API_TRAFFIC_RECORDED_BY_SETUP = file;
}
