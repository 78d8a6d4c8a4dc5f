import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig } from '@curbside/platform';
import { DataSource } from 'typeorm';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The Web Push (VAPID) key pair: from config when set (checked to be one valid pair when the config is loaded); otherwise generated once and kept: embedded
 * mode in DATA_DIR/vapid.json (readable by its owner only), distributed mode in the notifications schema, where
 * every replica finds the same pair (docs/operations.md). A pair that changes unsubscribes every browser.
 */
export async function loadVapidKeys(config: AppConfig, dataSource: DataSource): Promise<VapidKeys> {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  if (config.RUN_MODE === 'embedded') return fromFile(join(config.DATA_DIR, 'vapid.json'));
  const fresh = webpush.generateVAPIDKeys();
  // The first replica's pair wins; the others read it (after the INSERT, which waits for a concurrent one).
  await dataSource.query(`INSERT INTO notifications.vapid_keys (id, public_key, private_key) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING`, [
    fresh.publicKey,
    fresh.privateKey,
  ]);
  const [kept]: VapidKeys[] = await dataSource.query(
    `SELECT public_key AS "publicKey", private_key AS "privateKey" FROM notifications.vapid_keys WHERE id = 1`,
  );
  return kept;
}

function fromFile(path: string): VapidKeys {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as VapidKeys;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(join(path, '..'), { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  try {
    writeFileSync(path, JSON.stringify(keys), { flag: 'wx', mode: 0o600 });
    return keys;
  } catch (err) {
    // Another start wrote it first: theirs is the pair.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return JSON.parse(readFileSync(path, 'utf8')) as VapidKeys;
    throw err;
  }
}
