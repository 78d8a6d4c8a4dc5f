import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Every environment variable the apps read, with its default. The compose file is checked against this
 * list (infra/compose.spec.ts), and the README's configuration table says the same.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** embedded: one process, its own PostgreSQL, in-memory bus; distributed: one process per service on real servers. */
  RUN_MODE: z.enum(['embedded', 'distributed']).default('embedded'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** pretty: readable lines; json: one JSON object a line. Unset: pretty on a terminal, JSON otherwise. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/curbside'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** `npm run start:dist` only: processes of each service it starts (they share the work through NATS). */
  REPLICAS: z.coerce.number().int().min(1).max(16).default(1),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /**
   * Who the apps are to a NATS server that asks for a user and password (infra/nats/nats.conf): both or neither.
   * Unset, they connect without (the local server of `npm run start:dist` and the tests asks nothing).
   */
  NATS_USER: z.string().optional(),
  NATS_PASSWORD: z.string().optional(),
  /**
   * Names this deployment on shared servers: the JetStream stream (upper-cased), the prefix of every NATS
   * subject (events and RPC), and of every Redis key (jobs, rate limits).
   */
  NAMESPACE: z
    .string()
    .regex(/^[a-z0-9_]+$/, 'NAMESPACE may hold lower-case letters, digits and _')
    .default('curbside'),
  /**
   * Copies JetStream keeps of the event stream: 1 on a single NATS server, 3 on a cluster of three (infra/k8s), so
   * events survive the loss of a server. At most the cluster's size; a running stream is changed to it at start.
   */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  STORAGE_DRIVER: z.enum(['local', 'minio']).default('local'),
  MINIO_ENDPOINT: z.string().default('127.0.0.1'),
  MINIO_PORT: z.coerce.number().int().default(9000),
  MINIO_USE_SSL: bool.default(false),
  MINIO_ACCESS_KEY: z.string().default('minioadmin'),
  MINIO_SECRET_KEY: z.string().default('minioadmin'),
  MINIO_BUCKET: z.string().default('curbside'),
  SESSION_SECRET: z.string().min(16, 'SESSION_SECRET must be at least 16 characters').default('dev-only-session-secret-change-me'),
  /** Send the session cookie only over HTTPS; turn on wherever the app is served over TLS. */
  COOKIE_SECURE: bool.default(false),
  /** With NODE_ENV=production, COOKIE_SECURE=false is refused unless this says so (plain HTTP on purpose, e.g. a benchmark on loopback). */
  ALLOW_INSECURE_COOKIE: bool.default(false),
  /**
   * Which proxies' X-Forwarded-For / -Host / -Proto the gateway believes (its server's `trustProxy`): "loopback"
   * (default), "false", "true", a hop count, or comma-separated addresses and subnets. Decides the client IP rate
   * limits see.
   */
  TRUST_PROXY: z.string().default('loopback'),
  /** log: codes are written to the log (development, embedded); twilio: real SMS. */
  SMS_PROVIDER: z.enum(['log', 'twilio']).default('log'),
  /** ISO codes of the countries whose numbers may receive codes (comma-separated). */
  PHONE_COUNTRIES: z
    .string()
    .default('US,CA')
    .transform((v) =>
      v
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    )
    .refine((codes) => codes.length > 0 && codes.every((c) => /^[A-Z]{2}$/.test(c)), 'PHONE_COUNTRIES must be two-letter country codes, e.g. US,CA'),
  /**
   * Sign-in and verification codes the users service texts in any hour, all numbers together: past it a code asked
   * for answers AUTH.CODE_NOT_SENT (503, Retry-After). What sending codes to many numbers (SMS pumping) can cost.
   */
  SMS_CODES_PER_HOUR: z.coerce.number().int().min(1).default(1000),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM_NUMBER: z.string().optional(),
  /** scrypt hash of the emergency-access password (npm run admin:hash-password); unset = emergency access off. */
  EMERGENCY_PASSWORD_HASH: z.string().optional(),
  /** Per client IP and route: writes a minute, and sign-in / verification calls per 15 minutes. */
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_AUTH_PER_15_MINUTES: z.coerce.number().int().min(1).default(20),
  RPC_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(500),
  /** How often an open live stream (SSE) gets a comment line, so proxies keep idle streams open. */
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** How long a gateway remembers whose session a cookie is (0: asks the users service on every request); a sign-out clears it at once. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /**
   * API requests a gateway process works on at once; more wait in line for at most GATEWAY_MAX_WAIT_MS (much less
   * once the line never empties) and are then refused with 503 and Retry-After (docs/architecture.md, "Load shedding").
   */
  GATEWAY_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).default(64),
  GATEWAY_MAX_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** How often the items service sweeps expiries, expiry warnings and lapsed reservations (any number of replicas may). */
  EXPIRY_SWEEP_MS: z.coerce.number().int().min(100).default(1_000),
  FRONTEND_DIST: z.string().default('frontend/dist'),
  /** Pickup-photo checks: OpenAI vision when a key is set, else the local offline model. */
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_MODEL: z.string().default('gpt-4.1-mini'),
  /** Another OpenAI-compatible endpoint (a proxy; tests point it at a fake server on loopback). */
  OPENAI_BASE_URL: z.string().url().optional(),
  /** Per try; a check makes 1 + OPENAI_MAX_RETRIES tries (429, 5xx, timeouts) before "Validation service error". */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).default(9_000),
  OPENAI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /**
   * Whether the photo-validation service loads the local photo models soon after it starts, instead of at the first
   * pickup check, which would otherwise wait for them (0.8 s idle, seconds under load). The tests turn it off
   * (jest.setup.js): most of their apps never check a photo.
   */
  PHOTO_MODEL_PRELOAD: bool.default(true),
  /**
   * Serves GET /metrics (Prometheus text format) on this port of its own; unset: no metrics endpoint. Never the
   * gateway's PORT, so a reverse proxy in front of the gateway cannot expose it. 0 picks a free port (tests).
   * `start:dist` gives the gateway this port and each service process the next ones.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Address the metrics endpoint binds: loopback by default; 0.0.0.0 in containers, on their private network. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** The address members reach the app at (links in e-mails, the Web Push contact); unset: http://HOST:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  /** smtp(s)://user:pass@host:port for alert e-mails (MAIL_TRANSPORT smtp). */
  SMTP_URL: z.string().url().optional(),
  /**
   * Where e-mails go: smtp (through SMTP_URL) or log (written to the log, links included, as SMS codes are: for
   * development and demos). Unset: smtp when SMTP_URL is set, else log. A choice that contradicts SMTP_URL is refused.
   */
  MAIL_TRANSPORT: z.enum(['smtp', 'log']).optional(),
  MAIL_FROM: z.string().default('Curbside <alerts@curbside.local>'),
  /**
   * Web Push (VAPID) keys, base64url (web-push's generateVAPIDKeys). Unset in embedded mode: generated once into
   * DATA_DIR/vapid.json; required in distributed mode (every notifications replica must sign with the same key).
   */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /**
   * The only places alerts are pushed to (docs/security.md): host names (https, any port; `*.example.com` for its
   * sub-domains), or an exact http origin on a loopback address (a test receiver). A subscription elsewhere is refused.
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default('fcm.googleapis.com,android.googleapis.com,updates.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((entries) => entries.every(validPushHostEntry), 'PUSH_SERVICE_HOSTS holds host names, *.domains, or http origins on a loopback address'),
  /** How long after a post free and basic members' item alerts leave the app (docs/product-rules.md, "Alert timing"). */
  ALERT_DELAY_FREE_SECONDS: z.coerce.number().min(0).default(900),
  ALERT_DELAY_BASIC_SECONDS: z.coerce.number().min(0).default(300),
  /** How often the notifications service looks for free members whose daily e-mail digest is due (18:00 local). */
  DIGEST_SWEEP_SECONDS: z.coerce.number().min(0.1).default(60),
  /** Photo checks one photo-validation process runs at once (the local model runs one at a time whatever this says). */
  PHOTO_VALIDATION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
});

/** A push-service host name, `*.` and a domain, or an http origin on a loopback address (nothing else goes plain). */
function validPushHostEntry(entry: string): boolean {
  if (entry.startsWith('http://')) {
    try {
      const url = new URL(entry);
      return url.origin === entry && ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
    } catch {
      return false;
    }
  }
  return /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(entry);
}

export type AppConfig = z.infer<typeof configSchema>;
export const CONFIG_KEYS = Object.keys(configSchema.shape) as (keyof AppConfig)[];
