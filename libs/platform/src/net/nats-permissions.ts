import { ALL_CALLS, APP_NAMES, callersOf, EVENT_PRODUCERS, EVENT_REACTIONS, healthCall, LIVE_TOPICS, SERVICE_NAMES, type AppName } from '@curbside/contracts';
import { consumerName } from '../outbox/event-consumers';
import { rpcSubject } from '../rpc/namespaced-nats';

/**
 * What one app's NATS user may do in a deployment. In every deployment's NATS configuration each app has a user of
 * its own, named after it (infra/nats/nats.conf, infra/k8s/nats.yaml), so a process taken over can act only as that
 * app: the gateway, which faces the internet, makes the calls of the public routes and no internal one (the
 * emergency lookup's among them); a service answers its own calls, makes the calls whose contracts name it
 * (CallContract.callers), publishes its own events (EVENT_PRODUCERS) and reads the replies sent to its own inbox.
 */
export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
  /** A service answers requests: it may publish once to the reply subject of each request it received. */
  allowResponses: boolean;
}

/** The inbox an app's connections take their replies on: `_INBOX.<user>`, so no other app may read them. */
export function natsInboxPrefix(user: string): string {
  return `_INBOX.${user}`;
}

/** The JetStream stream of a deployment: every event, under `<namespace>.events.>` (NatsEventBus). */
export function natsStreamName(namespace: string): string {
  return namespace.toUpperCase();
}

/** The environment variable a NATS server's configuration reads an app's password from: NATS_<APP>_PASSWORD. */
export function natsPasswordVariable(app: AppName): string {
  return `NATS_${app.toUpperCase().replace(/-/g, '_')}_PASSWORD`;
}

export function natsPermissions(app: AppName, namespace: string): NatsPermissions {
  const calls = [...ALL_CALLS, ...SERVICE_NAMES.map((service) => healthCall(service))];
  const rpc = calls.filter((call) => callersOf(call).includes(app)).map((call) => rpcSubject(namespace, call.subject));
  const topics = Object.entries(LIVE_TOPICS);
  const publishLive = topics.filter(([, topic]) => topic.publishers.includes(app)).map(([name]) => `${namespace}.live.${name}`);
  const hearLive = topics.filter(([, topic]) => topic.listeners.includes(app)).map(([name]) => `${namespace}.live.${name}`);
  const inbox = `${natsInboxPrefix(app)}.>`;
  if (app === 'gateway') return { publish: [...rpc, ...publishLive], subscribe: [inbox, ...hearLive], allowResponses: false };
  const stream = natsStreamName(namespace);
  const events = EVENT_PRODUCERS[app].map((event) => `${namespace}.events.${event.subject}`);
  // The event bus's JetStream calls (nats.event-bus.ts): the stream made or checked at start, and each of the
  // service's own reactions' durable consumers (EVENT_REACTIONS) made for its one event, read, pulled from and its
  // messages acknowledged (the ack subject with or without the domain and account tokens servers may put before the
  // stream). Another service's consumer, a consumer of another event, and deleting or purging the stream are none of them.
  const consumers = Object.entries(EVENT_REACTIONS[app]).flatMap(([reaction, event]) => {
    const name = consumerName(app, reaction);
    return [
      `$JS.API.CONSUMER.INFO.${stream}.${name}`,
      `$JS.API.CONSUMER.CREATE.${stream}.${name}.${namespace}.events.${event.subject}`,
      `$JS.API.CONSUMER.MSG.NEXT.${stream}.${name}`,
      `$JS.ACK.${stream}.${name}.>`,
      `$JS.ACK.*.*.${stream}.${name}.>`,
    ];
  });
  const jetStream = ['$JS.API.INFO', `$JS.API.STREAM.INFO.${stream}`, `$JS.API.STREAM.CREATE.${stream}`, `$JS.API.STREAM.UPDATE.${stream}`, ...consumers];
  return {
    publish: [...rpc, ...events, ...publishLive, ...jetStream],
    subscribe: [`${namespace}.rpc.${app}.>`, inbox, ...hearLive],
    allowResponses: true,
  };
}

/**
 * The `authorization` block of a NATS server's configuration: a user per app, its password read from the server's
 * environment (natsPasswordVariable), its permissions natsPermissions'. infra/compose.spec.ts and k8s.spec.ts keep the block in
 * infra/nats/nats.conf and infra/k8s/nats.yaml equal to this one.
 */
export function natsAuthorizationBlock(namespace: string): string {
  const list = (subjects: string[]) => subjects.map((subject) => `          "${subject}"`).join('\n');
  const users = APP_NAMES.map((app) => {
    const { publish, subscribe, allowResponses } = natsPermissions(app, namespace);
    return [
      '    {',
      `      user: "${app}"`,
      `      password: $${natsPasswordVariable(app)}`,
      '      permissions: {',
      `        publish: { allow: [\n${list(publish)}\n        ] }`,
      `        subscribe: { allow: [\n${list(subscribe)}\n        ] }`,
      ...(allowResponses ? ['        allow_responses: true'] : []),
      '      }',
      '    }',
    ].join('\n');
  });
  return `authorization {\n  users: [\n${users.join('\n')}\n  ]\n}`;
}
