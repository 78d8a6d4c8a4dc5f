import { createECDH } from 'node:crypto';
import { describeIssues } from '@curbside/contracts';
import { AppConfig, configSchema } from './config.schema';

/** Reads and validates the environment once; a bad value stops the process with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Record<keyof AppConfig, string>> = {}): AppConfig {
  const source: Record<string, string | undefined> = {};
  for (const key of Object.keys(configSchema.shape)) source[key] = overrides[key as keyof AppConfig] ?? env[key] ?? undefined;
  for (const [k, v] of Object.entries(source)) if (v === '') source[k] = undefined;
  const result = configSchema.safeParse(source);
  if (!result.success) throw new Error(`Invalid configuration: ${describeIssues(result.error)}`);
  const config = result.data;
  if (config.NODE_ENV === 'production' && config.SESSION_SECRET === configSchema.shape.SESSION_SECRET.parse(undefined)) {
    throw new Error('Invalid configuration: SESSION_SECRET must be set in production');
  }
  if (config.NODE_ENV === 'production' && !config.COOKIE_SECURE && !config.ALLOW_INSECURE_COOKIE) {
    throw new Error(
      'Invalid configuration: COOKIE_SECURE must be true in production (the session cookie would travel over plain HTTP); ' +
        'set ALLOW_INSECURE_COOKIE=true only where plain HTTP is meant',
    );
  }
  if (config.METRICS_PORT && config.METRICS_PORT === config.PORT) {
    throw new Error('Invalid configuration: METRICS_PORT must differ from PORT (metrics are served on a port of their own)');
  }
  config.MAIL_TRANSPORT ??= config.SMTP_URL ? 'smtp' : 'log';
  if (config.MAIL_TRANSPORT === 'smtp' && !config.SMTP_URL)
    throw new Error('Invalid configuration: MAIL_TRANSPORT=smtp needs SMTP_URL (smtp(s)://user:pass@host:port)');
  if (config.MAIL_TRANSPORT === 'log' && config.SMTP_URL) {
    throw new Error(
      'Invalid configuration: SMTP_URL is set but MAIL_TRANSPORT=log would write the e-mails to the log; set MAIL_TRANSPORT=smtp, or unset SMTP_URL',
    );
  }
  if (Boolean(config.NATS_USER) !== Boolean(config.NATS_PASSWORD)) throw new Error('Invalid configuration: set both NATS_USER and NATS_PASSWORD, or neither');
  const vapidProblem = vapidKeysProblem(config.VAPID_PUBLIC_KEY, config.VAPID_PRIVATE_KEY);
  if (vapidProblem) throw new Error(`Invalid configuration: ${vapidProblem}`);
  return config;
}

/**
 * What is wrong with the Web Push (VAPID) keys from config, if anything: both or neither; the public key an
 * uncompressed P-256 point (65 bytes, base64url), the private key its 32-byte scalar, and the two one pair, as
 * `npx web-push generate-vapid-keys` prints them. A wrong pair would sign pushes no push service accepts.
 */
export function vapidKeysProblem(publicKey: string | undefined, privateKey: string | undefined): string | null {
  if (!publicKey && !privateKey) return null;
  if (!publicKey || !privateKey) return 'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither';
  const base64url = /^[A-Za-z0-9_-]+$/;
  const publicBytes = base64url.test(publicKey) ? Buffer.from(publicKey, 'base64url') : Buffer.alloc(0);
  if (publicBytes.length !== 65 || publicBytes[0] !== 4) {
    return 'VAPID_PUBLIC_KEY must be a P-256 public key, 65 bytes in base64url (npx web-push generate-vapid-keys)';
  }
  const privateBytes = base64url.test(privateKey) ? Buffer.from(privateKey, 'base64url') : Buffer.alloc(0);
  if (privateBytes.length !== 32) return 'VAPID_PRIVATE_KEY must be a P-256 private key, 32 bytes in base64url (npx web-push generate-vapid-keys)';
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateBytes);
    if (!ecdh.getPublicKey().equals(publicBytes)) return 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not one key pair';
  } catch {
    return 'VAPID_PRIVATE_KEY is not a valid P-256 private key';
  }
  return null;
}
