/**
 * Checks the Kubernetes manifests (infra/k8s) against the code they run, as compose.spec.ts does for the compose
 * file: every manifest parses, names and labels line up (selectors, Services, autoscalers, disruption budgets),
 * every environment key is a variable of configSchema and the values pass it, probes point at routes and commands
 * the apps have, and the NATS cluster is wired to itself. No cluster needed: the YAML is read as kubectl would.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { type AppName, LIVE_STREAM_PATH, Routes } from '@curbside/contracts';
import { configSchema, natsAuthorizationBlock, natsPasswordVariable } from '@curbside/platform';
import { authorizationBlock, clusterAuthorization, natsRoutes, natsUsers } from './nats-conf';

const ROOT = join(__dirname, '..');
const K8S = join(__dirname, 'k8s');

// The subset of the Kubernetes objects these manifests use.
interface Meta {
  name: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
interface Probe {
  httpGet?: { path: string; port: string | number };
  exec?: { command: string[] };
  tcpSocket?: { port: string | number };
  periodSeconds?: number;
  failureThreshold?: number;
}
interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  env?: { name: string; value?: string; valueFrom?: unknown }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  ports?: { name?: string; containerPort: number }[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  volumeMounts?: { name: string; mountPath: string }[];
}
interface PodTemplate {
  metadata: { labels: Record<string, string>; annotations?: Record<string, string> };
  spec: { containers: Container[]; volumes?: { name: string; configMap?: { name: string } }[] };
}
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: Meta;
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}
interface Workload extends K8sObject {
  spec: {
    replicas?: number;
    serviceName?: string;
    selector: { matchLabels: Record<string, string> };
    template: PodTemplate;
    volumeClaimTemplates?: { metadata: { name: string } }[];
  };
}
interface Service extends K8sObject {
  spec: {
    selector: Record<string, string>;
    clusterIP?: string;
    publishNotReadyAddresses?: boolean;
    ports: { name?: string; port: number; targetPort?: string | number }[];
  };
}
interface Budget extends K8sObject {
  spec: { selector: { matchLabels: Record<string, string> }; minAvailable?: number; maxUnavailable?: number };
}
interface Autoscaler extends K8sObject {
  spec: {
    scaleTargetRef: { apiVersion: string; kind: string; name: string };
    minReplicas: number;
    maxReplicas: number;
    metrics: { type: string; resource?: { name: string; target: { type: string; averageUtilization?: number } } }[];
  };
}
interface Ingress extends K8sObject {
  spec: {
    ingressClassName?: string;
    tls?: { hosts: string[]; secretName: string }[];
    rules: {
      host: string;
      http: { paths: { path: string; pathType: string; backend: { service: { name: string; port: { name?: string; number?: number } } } }[] };
    }[];
  };
}

const kustomization = parse(readFileSync(join(K8S, 'kustomization.yaml'), 'utf8')) as {
  namespace?: string;
  resources: string[];
  images?: { name: string; newName?: string; newTag?: string }[];
};
const manifestFiles = readdirSync(K8S).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml');
const SECRET_TEMPLATE = 'secret.template.yaml';

function documents(file: string): K8sObject[] {
  return parseAllDocuments(readFileSync(join(K8S, file), 'utf8')).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
    return doc.toJS() as K8sObject;
  });
}
/** What `kubectl apply -k` applies: the kustomization's resources. */
const applied = kustomization.resources.filter((file) => existsSync(join(K8S, file))).flatMap(documents);
const secretTemplate = documents(SECRET_TEMPLATE)[0]!;
/** The NATS users' passwords: a Secret of its own, which no app reads whole. */
const natsUsersSecret = documents(SECRET_TEMPLATE)[1]!;
const ofKind = <T extends K8sObject>(kind: string): T[] => applied.filter((o) => o.kind === kind) as T[];

const deployments = ofKind<Workload>('Deployment');
const statefulSets = ofKind<Workload>('StatefulSet');
const workloads = [...deployments, ...statefulSets];
const services = ofKind<Service>('Service');
const budgets = ofKind<Budget>('PodDisruptionBudget');
const autoscalers = ofKind<Autoscaler>('HorizontalPodAutoscaler');
const ingresses = ofKind<Ingress>('Ingress');
const configMaps = ofKind<K8sObject>('ConfigMap');
const appConfig = configMaps.find((c) => c.metadata.name === 'curbside-config');
const configKeys = new Set(Object.keys(configSchema.shape));

const serviceFolders = readdirSync(join(ROOT, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const appFolder = (name: string): string => (name === 'gateway' ? 'gateway' : posix.join('services', name));
const isApp = (d: Workload): boolean => d.spec.template.spec.containers.some((c) => c.image === 'curbside-app');
const apps = deployments.filter(isApp);
const mainContainer = (w: Workload): Container => w.spec.template.spec.containers[0]!;

const selects = (selector: Record<string, string>, labels: Record<string, string>): boolean =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

/** The environment a container of ours starts with: ConfigMap and Secret (template) entries, then its own env. */
function environment(container: Container): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) Object.assign(env, configMaps.find((c) => c.metadata.name === source.configMapRef!.name)?.data);
    if (source.secretRef && source.secretRef.name === secretTemplate.metadata.name) Object.assign(env, secretTemplate.stringData);
  }
  for (const entry of container.env ?? []) env[entry.name] = entry.value;
  return env;
}

function portNumber(container: Container, port: string | number | undefined): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((p) => p.name === port)?.containerPort;
}

/** Kubernetes quantities: 250m, "1", 512Mi, 1Gi, 20Gi. */
function quantity(value: string | undefined): number {
  const match = /^(\d+(?:\.\d+)?)(m|Ki|Mi|Gi|Ti|k|M|G)?$/.exec(String(value ?? ''));
  if (!match) return NaN;
  const factor: Record<string, number> = { m: 1e-3, k: 1e3, M: 1e6, G: 1e9, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3, Ti: 1024 ** 4 };
  return Number(match[1]) * (match[2] ? factor[match[2]]! : 1);
}

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

describe('infra/k8s manifests', () => {
  it('kustomization.yaml applies every manifest of the folder but the Secret template', () => {
    expect([...kustomization.resources].sort()).toEqual(manifestFiles.filter((file) => file !== SECRET_TEMPLATE).sort());
    expect(kustomization.namespace).toBe('curbside');
  });

  it.each(manifestFiles)('%s parses, and every object has an API version, a kind and a DNS-label name', (file) => {
    for (const object of documents(file)) {
      expect(object.apiVersion).toMatch(/^([a-z0-9.]+\/)?v\d+(beta\d+)?$/);
      expect(object.kind).toMatch(/^[A-Z][A-Za-z]+$/);
      expect(object.metadata.name).toMatch(DNS_LABEL);
    }
  });

  it('no two objects of a kind share a name', () => {
    const keys = applied.map((o) => `${o.kind}/${o.metadata.name}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('runs one Deployment for the gateway and one for each folder under services/', () => {
    expect(apps.map((d) => d.metadata.name).sort()).toEqual(['gateway', ...serviceFolders].sort());
  });

  it('names the one image of the Dockerfile, which kustomization.yaml maps to a registry and a tag', () => {
    const image = kustomization.images?.find((i) => i.name === 'curbside-app');
    expect(image?.newName).toBeTruthy();
    expect(image?.newTag).toBeTruthy();
  });

  describe.each(workloads.map((w) => [`${w.kind} ${w.metadata.name}`, w] as const))('%s', (_label, workload) => {
    const podLabels = workload.spec.template.metadata.labels;

    it('selects its own pods, and no other workload selects them', () => {
      expect(selects(workload.spec.selector.matchLabels, podLabels)).toBe(true);
      const others = workloads.filter((w) => w !== workload && selects(w.spec.selector.matchLabels, podLabels));
      expect(others.map((w) => w.metadata.name)).toEqual([]);
    });

    it.each(workload.spec.template.spec.containers.map((c) => [c.name, c] as const))(
      'container %s has CPU and memory requests and limits',
      (_name, container) => {
        const { requests = {}, limits = {} } = container.resources ?? {};
        for (const key of ['cpu', 'memory']) {
          expect(quantity(requests[key])).toBeGreaterThan(0);
          expect(quantity(limits[key])).toBeGreaterThanOrEqual(quantity(requests[key]));
        }
      },
    );

    it.each(workload.spec.template.spec.containers.map((c) => [c.name, c] as const))(
      'container %s has liveness and readiness probes on its own ports',
      (_name, container) => {
        for (const probe of [container.livenessProbe, container.readinessProbe]) {
          expect(probe?.httpGet ?? probe?.tcpSocket ?? probe?.exec).toBeDefined();
          const port = probe?.httpGet?.port ?? probe?.tcpSocket?.port;
          // A port by number or by name: either way one the container declares (a number alone always "resolved").
          if (port !== undefined) expect((container.ports ?? []).map((p) => p.containerPort)).toContain(portNumber(container, port));
        }
      },
    );

    it('has a PodDisruptionBudget that selects its pods and lets one go at a time', () => {
      const budget = budgets.filter((b) => selects(b.spec.selector.matchLabels, podLabels));
      expect(budget).toHaveLength(1);
      const { minAvailable, maxUnavailable } = budget[0]!.spec;
      expect(maxUnavailable === 1 || minAvailable !== undefined).toBe(true);
    });

    it('mounts only volumes it declares or claims', () => {
      const declared = [
        ...(workload.spec.template.spec.volumes ?? []).map((v) => v.name),
        ...(workload.spec.volumeClaimTemplates ?? []).map((v) => v.metadata.name),
      ];
      const mounted = workload.spec.template.spec.containers.flatMap((c) => (c.volumeMounts ?? []).map((m) => m.name));
      expect(mounted.filter((name) => !declared.includes(name))).toEqual([]);
    });
  });

  describe.each(apps.map((d) => [d.metadata.name, d] as const))('app %s', (name, deployment) => {
    const container = mainContainer(deployment);
    const env = environment(container);
    const entry = `${appFolder(name)}/dist/main.js`;
    const autoscaler = autoscalers.filter((h) => h.spec.scaleTargetRef.kind === 'Deployment' && h.spec.scaleTargetRef.name === name);

    it(`runs ${entry}, built from an existing ${appFolder(name)}/src/main.ts`, () => {
      expect(container.command).toEqual(['node', entry]);
      expect(existsSync(join(ROOT, appFolder(name), 'src/main.ts'))).toBe(true);
    });

    it('reads the ConfigMap and the Secret, and sets only variables that configSchema defines', () => {
      const refs = (container.envFrom ?? []).map((s) => s.configMapRef?.name ?? s.secretRef?.name);
      expect(refs).toEqual(['curbside-config', secretTemplate.metadata.name]);
      expect(Object.keys(env).filter((key) => !configKeys.has(key))).toEqual([]);
    });

    it('starts with values configSchema accepts, in distributed production mode behind TLS', () => {
      const source = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
      const result = configSchema.safeParse(source);
      expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
      expect(env).toMatchObject({ NODE_ENV: 'production', RUN_MODE: 'distributed', COOKIE_SECURE: 'true', STORAGE_DRIVER: 'minio' });
    });

    it('is scaled by one autoscaling/v2 HorizontalPodAutoscaler on CPU, from at least 2 replicas', () => {
      expect(autoscaler).toHaveLength(1);
      const { spec } = autoscaler[0]!;
      expect(autoscaler[0]!.apiVersion).toBe('autoscaling/v2');
      expect(spec.scaleTargetRef.apiVersion).toBe('apps/v1');
      expect(spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(spec.maxReplicas).toBeGreaterThanOrEqual(spec.minReplicas);
      expect(spec.metrics).toContainEqual({
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: expect.any(Number) } },
      });
      // The autoscaler owns the count: a replicas field would be reset by every `kubectl apply`.
      expect(deployment.spec.replicas).toBeUndefined();
    });

    it('exposes metrics on METRICS_PORT, where the scrape annotations point', () => {
      const metricsPort = configSchema.shape.METRICS_PORT.parse(env['METRICS_PORT']);
      expect(metricsPort).toBeDefined();
      expect(portNumber(container, 'metrics')).toBe(metricsPort);
      expect(deployment.spec.template.metadata.annotations?.['prometheus.io/port']).toBe(String(metricsPort));
      expect(env['METRICS_HOST']).toBe('0.0.0.0');
    });

    if (name !== 'gateway') {
      it('probes with its own healthcheck command, which runServiceProcess answers', () => {
        const runner = readFileSync(join(ROOT, 'libs/platform/src/service/run-service-process.ts'), 'utf8');
        expect(runner).toContain("process.argv.includes('--healthcheck')");
        expect(readFileSync(join(ROOT, appFolder(name), 'src/main.ts'), 'utf8')).toMatch(/runServiceProcess\(/);
        for (const probe of [container.startupProbe, container.livenessProbe, container.readinessProbe]) {
          expect(probe?.exec?.command).toEqual(['node', entry, '--healthcheck']);
        }
      });
    }
  });

  describe('gateway', () => {
    const gateway = deployments.find((d) => d.metadata.name === 'gateway')!;
    const container = mainContainer(gateway);
    const env = environment(container);
    const port = configSchema.shape.PORT.parse(env['PORT']);
    const service = services.find((s) => selects(s.spec.selector, gateway.spec.template.metadata.labels));
    const heartbeatSeconds = configSchema.shape.LIVE_HEARTBEAT_MS.parse(env['LIVE_HEARTBEAT_MS']) / 1000;
    const largestBody = Math.max(
      ...Object.values(Routes).flatMap((r) => {
        const route = r as { multipart?: { maxBytes: number }; largeJson?: { maxBytes: number } };
        return [route.multipart?.maxBytes ?? 0, route.largeJson?.maxBytes ?? 0];
      }),
    );

    it('listens on all interfaces of the pod, on its http port', () => {
      expect(env['HOST']).toBe('0.0.0.0');
      expect(portNumber(container, 'http')).toBe(port);
    });

    it('is probed on a public route the gateway answers by itself (no session, no service)', () => {
      for (const probe of [container.startupProbe, container.livenessProbe, container.readinessProbe]) {
        const route = Object.values(Routes).find((r) => r.path === probe?.httpGet?.path);
        expect(route).toMatchObject({ method: 'get', auth: 'public', resolvesCaller: false });
        expect(portNumber(container, probe?.httpGet?.port)).toBe(port);
      }
    });

    it('has a Service on its http port', () => {
      expect(service).toBeDefined();
      const http = service!.spec.ports.find((p) => p.name === 'http');
      expect(portNumber(container, http?.targetPort)).toBe(port);
    });

    it('is reached through Ingresses with TLS, all on the gateway Service', () => {
      expect(ingresses.length).toBeGreaterThan(0);
      for (const ingress of ingresses) {
        expect(ingress.spec.tls?.[0]?.secretName).toBeTruthy();
        for (const rule of ingress.spec.rules) {
          expect(ingress.spec.tls?.[0]?.hosts).toContain(rule.host);
          for (const path of rule.http.paths) {
            expect(path.backend.service.name).toBe(service?.metadata.name);
            expect(service?.spec.ports.map((p) => p.name)).toContain(path.backend.service.port.name);
          }
        }
      }
    });

    it('takes request bodies up to the largest upload the routes accept', () => {
      const main = ingresses.find((i) => i.spec.rules.some((r) => r.http.paths.some((p) => p.path === '/')));
      const limit = main?.metadata.annotations?.['nginx.ingress.kubernetes.io/proxy-body-size'] ?? '1m';
      const bytes = Number(/^(\d+)m$/i.exec(limit)?.[1]) * 1024 ** 2;
      expect(bytes).toBeGreaterThan(largestBody);
    });

    it('passes the live stream through unbuffered, with timeouts far above its heartbeat', () => {
      const live = ingresses.find((i) => i.spec.rules.some((r) => r.http.paths.some((p) => p.path === LIVE_STREAM_PATH)));
      expect(Object.values(Routes).some((r) => r.path === LIVE_STREAM_PATH)).toBe(true);
      const annotations = live?.metadata.annotations ?? {};
      expect(annotations['nginx.ingress.kubernetes.io/proxy-buffering']).toBe('off');
      for (const key of ['proxy-read-timeout', 'proxy-send-timeout']) {
        expect(Number(annotations[`nginx.ingress.kubernetes.io/${key}`])).toBeGreaterThanOrEqual(10 * heartbeatSeconds);
      }
    });

    it('believes the forwarded headers of one proxy hop, the ingress controller', () => {
      expect(env['TRUST_PROXY']).toBe('1');
    });

    it('lets only the ingress controller reach its http port, so that one hop is the only one', () => {
      const policies = ofKind<
        K8sObject & { spec: { podSelector: { matchLabels: Record<string, string> }; ingress: { from: unknown[]; ports: { port: string | number }[] }[] } }
      >('NetworkPolicy').filter((p) => selects(p.spec.podSelector.matchLabels, gateway.spec.template.metadata.labels));
      expect(policies).toHaveLength(1);
      const rules = policies[0]!.spec.ingress;
      const httpRules = rules.filter((r) => r.ports.some((p) => portNumber(container, p.port) === port));
      expect(httpRules).toHaveLength(1);
      expect(httpRules[0]!.from).toEqual([{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': expect.any(String) } } }]);
      // Every port a rule names is a port of the container.
      expect(rules.flatMap((r) => r.ports).filter((p) => portNumber(container, p.port) === undefined)).toEqual([]);
    });
  });

  describe('config and secrets', () => {
    it('the ConfigMap holds only variables of configSchema, and no secret', () => {
      const keys = Object.keys(appConfig?.data ?? {});
      expect(keys.filter((key) => !configKeys.has(key))).toEqual([]);
      expect(keys.filter((key) => /SECRET|PASSWORD|TOKEN|KEY$|_URL$/.test(key) && !['NATS_URL', 'PUBLIC_URL'].includes(key))).toEqual([]);
    });

    it('the Secret template holds only variables of configSchema, with placeholders, and is not applied', () => {
      expect(secretTemplate.kind).toBe('Secret');
      const entries = Object.entries(secretTemplate.stringData ?? {});
      expect(entries.map(([key]) => key).filter((key) => !configKeys.has(key))).toEqual([]);
      expect(entries.filter(([, value]) => !/CHANGE-ME|^\+1555/.test(value)).map(([key]) => key)).toEqual([]);
      expect(kustomization.resources).not.toContain(SECRET_TEMPLATE);
    });

    it('every secret the apps need comes from the Secret, never the ConfigMap', () => {
      expect(Object.keys(secretTemplate.stringData ?? {})).toEqual(
        expect.arrayContaining(['SESSION_SECRET', 'DATABASE_URL', 'REDIS_URL', 'MINIO_ACCESS_KEY', 'MINIO_SECRET_KEY']),
      );
    });
  });

  describe('NATS JetStream cluster', () => {
    const nats = statefulSets.find((s) => s.metadata.name === 'nats')!;
    const container = mainContainer(nats);
    const confMap = configMaps.find((c) => nats.spec.template.spec.volumes?.some((v) => v.configMap?.name === c.metadata.name));
    const conf = confMap?.data?.['nats.conf'] ?? '';
    const headless = services.find((s) => s.metadata.name === nats.spec.serviceName);
    const replicas = nats.spec.replicas ?? 1;
    const clusterPort = Number(/cluster\s*\{[^}]*?\bport:\s*(\d+)/s.exec(conf)?.[1]);
    const clientPort = Number(/^port:\s*(\d+)/m.exec(conf)?.[1]);
    const monitorPort = Number(/^http_port:\s*(\d+)/m.exec(conf)?.[1]);
    const natsUrl = new URL(appConfig?.data?.['NATS_URL'] ?? '');

    it('runs three servers, each with its own volume', () => {
      expect(replicas).toBe(3);
      expect(nats.spec.volumeClaimTemplates?.length).toBe(1);
    });

    // The routes are variables ($NATS_ROUTE_0 …), each a URL the container's env writes with the route's password.
    const routeUrls = () => natsRoutes(conf).map((variable) => new URL(container.env?.find((e) => e.name === variable)?.value ?? ''));

    it('routes every member to every other by its name in the headless Service', () => {
      const routes = routeUrls().map((url) => `${url.hostname}:${url.port}`);
      expect(routes).toEqual(Array.from({ length: replicas }, (_, i) => `${nats.metadata.name}-${i}.${headless?.metadata.name}:${clusterPort}`));
      expect(headless?.spec.clusterIP).toBe('None');
      expect(headless?.spec.publishNotReadyAddresses).toBe(true);
      expect(portNumber(container, 'cluster')).toBe(clusterPort);
    });

    it("lets only the other servers join the cluster: each route gives the cluster's user and the Secret's password", () => {
      const { user, passwordVariable } = clusterAuthorization(conf);
      expect(user).toBeTruthy();
      for (const url of routeUrls()) expect([url.username, decodeURIComponent(url.password)]).toEqual([user, `$(${passwordVariable})`]);
      // $(NAME) in a value is Kubernetes' own expansion of an earlier variable of the list: the password's comes first.
      const names = container.env?.map((e) => e.name) ?? [];
      expect(names.indexOf(passwordVariable!)).toBeLessThan(Math.min(...natsRoutes(conf).map((route) => names.indexOf(route))));
      expect(container.env?.find((e) => e.name === passwordVariable)?.valueFrom).toEqual({
        secretKeyRef: { name: natsUsersSecret.metadata.name, key: passwordVariable },
      });
      expect(Object.keys(natsUsersSecret.stringData ?? {})).toContain(passwordVariable);
    });

    it('keeps JetStream on the claimed volume', () => {
      const storeDir = /store_dir:\s*(\S+)/.exec(conf)?.[1] ?? '';
      const claim = nats.spec.volumeClaimTemplates?.[0]?.metadata.name;
      const mount = container.volumeMounts?.find((m) => m.name === claim);
      expect(mount && storeDir.startsWith(mount.mountPath)).toBe(true);
    });

    it('names each server after its pod', () => {
      expect(conf).toMatch(/^server_name:\s*\$POD_NAME\s*$/m);
      expect(container.env?.find((e) => e.name === 'POD_NAME')?.valueFrom).toEqual({ fieldRef: { fieldPath: 'metadata.name' } });
    });

    it('is probed on /healthz of its monitoring port', () => {
      expect(portNumber(container, 'monitor')).toBe(monitorPort);
      for (const probe of [container.startupProbe, container.livenessProbe, container.readinessProbe]) {
        expect(probe?.httpGet?.path).toMatch(/^\/healthz\b/);
        expect(portNumber(container, probe?.httpGet?.port)).toBe(monitorPort);
      }
    });

    it('is where NATS_URL points the apps', () => {
      const client = services.find((s) => s.metadata.name === natsUrl.hostname);
      expect(client && selects(client.spec.selector, nats.spec.template.metadata.labels)).toBe(true);
      const port = client?.spec.ports.find((p) => p.port === Number(natsUrl.port || 4222));
      expect(portNumber(container, port?.targetPort)).toBe(clientPort);
    });

    it('lets in a user per app, with the permissions the code gives that app', () => {
      expect(authorizationBlock(conf)).toBe(natsAuthorizationBlock(configSchema.shape.NAMESPACE.parse(appConfig?.data?.['NAMESPACE'])));
    });

    it("gives each app its own user, and its password alone, from the Secret the server reads every user's from", () => {
      const users = natsUsers(authorizationBlock(conf));
      expect(users.map((u) => u.user).sort()).toEqual(apps.map((app) => app.metadata.name).sort());
      const fromUsersSecret = (key: string) => ({ secretKeyRef: { name: natsUsersSecret.metadata.name, key } });
      for (const app of apps) {
        const variable = natsPasswordVariable(app.metadata.name as AppName);
        expect(users.find((u) => u.user === app.metadata.name)?.passwordVariable).toBe(variable);
        // The server reads the password from the NATS users' Secret, under the key the app's NATS_PASSWORD reads.
        expect(container.env?.find((e) => e.name === variable)?.valueFrom).toEqual(fromUsersSecret(variable));
        const appEnv = mainContainer(app).env ?? [];
        expect(appEnv.find((e) => e.name === 'NATS_USER')?.value).toBe(app.metadata.name);
        expect(appEnv.find((e) => e.name === 'NATS_PASSWORD')?.valueFrom).toEqual(fromUsersSecret(variable));
        expect(Object.keys(natsUsersSecret.stringData ?? {})).toContain(variable);
        // Never the whole of it: an app that read every key would hold every other app's password.
        expect(mainContainer(app).envFrom?.some((source) => source.secretRef?.name === natsUsersSecret.metadata.name)).toBe(false);
      }
    });

    it('keeps NATS_STREAM_REPLICAS copies of the event stream, one per server at most', () => {
      const copies = configSchema.shape.NATS_STREAM_REPLICAS.parse(appConfig?.data?.['NATS_STREAM_REPLICAS']);
      expect(copies).toBe(replicas);
      const bus = readFileSync(join(ROOT, 'libs/platform/src/events/nats.event-bus.ts'), 'utf8');
      expect(bus).toMatch(/num_replicas: replicas/);
    });
  });
});
