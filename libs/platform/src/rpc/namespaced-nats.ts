import { ClientNats, NatsOptions, ReadPacket, ServerNats, WritePacket } from '@nestjs/microservices';
import { createInbox, type Msg } from 'nats';
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

type ReplyHandler = ReturnType<ClientNats['createSubscriptionHandler']>;

/**
 * The gateway's (and a calling service's) side. Every reply comes in on one subscription of the connection's own
 * (`<inbox>.*`), each call naming its token in the reply subject, where NestJS's client subscribes and unsubscribes an
 * inbox of its own for every call: two protocol lines more per call, and a change to the server's subscription list
 * each time. A call that ends unanswered (its deadline passed, its caller gone) forgets its token, and a reply that
 * still comes is dropped. NestJS's own handler reads each reply (an empty one, the server's "no responders", is
 * EmptyResponseException; the reply's id must be the call's).
 */
export class NamespacedClientNats extends ClientNats {
  private readonly waiting = new Map<string, ReplyHandler>();
  private replies = '';
  private sequence = 0;

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
    const connection = coalesceWrites(await super.createClient());
    // Kept by the connection across reconnects, as every subscription is.
    this.replies = `${createInbox(this.options.inboxPrefix)}.`;
    connection.subscribe(`${this.replies}*`, {
      callback: (error: Error | null, message: Msg) => {
        const handler = this.waiting.get(message.subject.slice(this.replies.length));
        if (handler) void handler(error ?? undefined, message);
      },
    });
    return connection;
  }

  protected override publish(partialPacket: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const token = String(++this.sequence);
    try {
      const connection = this.natsClient;
      if (!connection) throw new Error('Not connected to NATS');
      const packet = this.assignPacketId(partialPacket);
      const serialized = this.serializer.serialize(packet);
      this.waiting.set(token, this.createSubscriptionHandler(packet, callback));
      connection.publish(this.normalizePattern(partialPacket.pattern), serialized.data, {
        reply: `${this.replies}${token}`,
        headers: this.mergeHeaders(serialized.headers),
      });
    } catch (err) {
      this.waiting.delete(token);
      callback({ err });
    }
    return () => this.waiting.delete(token);
  }

  /** Calls sent and not yet answered or given up (tests). */
  get callsWaiting(): number {
    return this.waiting.size;
  }
}
