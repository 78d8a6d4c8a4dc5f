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
  return config;
}
