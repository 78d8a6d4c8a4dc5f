import { ClientNats, NatsOptions, ServerNats } from '@nestjs/microservices';
import { coalesceWrites } from './coalesced-writes';
import { DetachedStringsResponseDeserializer, DetachedStringsSerializer } from './detached-strings';

type NatsSettings = Required<NatsOptions>['options'];

/** `<namespace>.rpc.<pattern>`: deployments (and test runs) sharing one NATS server never answer each other. */
export function rpcSubject(namespace: string, pattern: string): string {
  const prefix = `${namespace}.rpc.`;
  return pattern.startsWith(prefix) ? pattern : `${prefix}${pattern}`;
}

/**
 * Whether NestJS must read a pattern as JSON first. Ours are plain subjects (`items.feed`): NestJS's own look-up
 * parses every incoming subject as JSON and catches the error, an exception thrown and caught for each message.
 */
export function isJsonPattern(pattern: string): boolean {
  return pattern.startsWith('{') || pattern.startsWith('[') || pattern.startsWith('"');
}

export class NamespacedServerNats extends ServerNats {
  constructor(
    private readonly namespace: string,
    options: NatsSettings,
  ) {
    // Replies with long strings go out detached (detached-strings.ts); callers read both forms, so a deployment
    // updates its gateway and callers before the services.
    super({ serializer: new DetachedStringsSerializer(), ...options });
  }

  override normalizePattern(pattern: Parameters<ServerNats['normalizePattern']>[0]): string {
    return rpcSubject(this.namespace, super.normalizePattern(pattern));
  }

  protected override getRouteFromPattern(pattern: string): string {
    return isJsonPattern(pattern) ? super.getRouteFromPattern(pattern) : this.normalizePattern(pattern);
  }

  override async createNatsClient(): ReturnType<ServerNats['createNatsClient']> {
    return coalesceWrites(await super.createNatsClient());
  }
}

export class NamespacedClientNats extends ClientNats {
  constructor(
    private readonly namespace: string,
    options: NatsSettings,
  ) {
    super({ deserializer: new DetachedStringsResponseDeserializer(), ...options });
  }

  protected override normalizePattern(pattern: Parameters<ClientNats['normalizePattern']>[0]): string {
    return rpcSubject(this.namespace, super.normalizePattern(pattern));
  }

  override async createClient(): ReturnType<ClientNats['createClient']> {
    return coalesceWrites(await super.createClient());
  }
}
