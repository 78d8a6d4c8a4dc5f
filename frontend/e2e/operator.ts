import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import { journeyApp } from './journey-app';

const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

/** The operator command that makes an administrator or a moderator (README, "Operator commands"), against the journeys' app. */
export async function grantRole(userId: string, role: 'admin' | 'moderator' = 'admin'): Promise<void> {
  const args = [join(REPO_ROOT, 'services', 'users', 'dist', 'admin-grant.js'), '--user', userId, ...(role === 'moderator' ? ['--role', 'moderator'] : [])];
  await promisify(execFile)(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: journeyApp().dataDir, LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
}

/**
 * Points as a history of posts would have left them, in the journey's own app database (the embedded server of
 * its DATA_DIR): the ledger's balance and the member's record that the screens read.
 */
export function grantPoints(userId: string, points: number): void {
  if (!/^[0-9a-f-]{36}$/.test(userId) || !Number.isInteger(points)) throw new Error(`not a member id and points: ${userId}, ${points}`);
  appSql(`INSERT INTO rewards.balances (user_id, points, earned, version) VALUES ('${userId}', ${points}, ${points}, 1)
            ON CONFLICT (user_id) DO UPDATE SET points = ${points}, earned = ${points};
          UPDATE users.users SET points = ${points} WHERE id = '${userId}';`);
}

/**
 * A post an hour older where the rewards ledger keeps its time (its pending credit, once rewards has it): its first
 * hour, in which no confirmation makes its points final, is over without the journey waiting it out.
 */
export async function postOlderThanAnHour(itemId: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/.test(itemId)) throw new Error(`not an item id: ${itemId}`);
  for (const started = Date.now(); Date.now() - started < 20_000; await new Promise((r) => setTimeout(r, 200))) {
    const changed = appSql(`UPDATE rewards.pending_credits SET cause_at = cause_at - interval '61 minutes', final_by = final_by - interval '61 minutes'
                            WHERE item_id = '${itemId}' AND cause_at > now() - interval '61 minutes';`);
    if (/UPDATE [1-9]/.test(changed)) return;
  }
  throw new Error(`no pending credit of ${itemId} to make older`);
}

/**
 * The codes texted to a number so far as if they had been sent 31 s earlier: the 30 s a number's codes must be apart
 * have passed without the journey waiting them out (launcher/test/stack-modes.ts does the same for the stack tests).
 */
export function waitOutSendInterval(e164: string): void {
  if (!/^\+\d{8,15}$/.test(e164)) throw new Error(`not a phone number: ${e164}`);
  appSql(`UPDATE users.phone_codes SET created_at = created_at - interval '31 seconds' WHERE phone = '${e164}';`);
}

/** Statements on the journey's own app database (the embedded server of its DATA_DIR), as its superuser; psql's output. */
export function appSql(sql: string): string {
  const { dataDir } = journeyApp();
  const password = readFileSync(join(dataDir, 'postgres.secret'), 'utf8').trim();
  const port = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    .trim();
  return execFileSync('psql', ['-h', '127.0.0.1', '-p', port, '-U', 'postgres', '-d', 'curbside', '-v', 'ON_ERROR_STOP=1', '-Atc', sql], {
    env: { ...process.env, PGPASSWORD: password },
    encoding: 'utf8',
  });
}

/** Waits until the items service has heard that the member verified their number (user.updated, relayed after its commit). */
export async function untilItemsKnowVerified(userId: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/.test(userId)) throw new Error(`not a user id: ${userId}`);
  await expect.poll(() => appSql(`SELECT is_verified FROM items.posters WHERE user_id = '${userId}'`).trim(), { timeout: 15_000 }).toBe('t');
}
