import { ClientProxy, CustomTransportStrategy, ReadPacket, Server, WritePacket } from '@nestjs/microservices';
import { isJsonPattern } from './namespaced-nats';

type Respond = (packet: WritePacket) => void;
type Endpoint = (data: unknown, respond: Respond) => void;

/**
 * Request/reply inside one process for embedded mode, with NATS's semantics where they matter: data is
 * serialized both ways (a service never shares objects with the gateway), a pattern with no listener errors,
 * and several listeners of one pattern share the load.
 */
export class InMemoryRpcBroker {
  private readonly endpoints = new Map<string, Endpoint[]>();
  private turn = 0;

  register(pattern: string, endpoint: Endpoint): () => void {
    const list = this.endpoints.get(pattern) ?? [];
    list.push(endpoint);
    this.endpoints.set(pattern, list);
    return () => {
      const current = this.endpoints.get(pattern) ?? [];
      this.endpoints.set(
        pattern,
        current.filter((e) => e !== endpoint),
      );
    };
  }

  request(pattern: string, data: unknown, respond: Respond): void {
    const list = this.endpoints.get(pattern);
    if (!list?.length) {
      respond({ err: `No service listens to ${pattern}`, isDisposed: true });
      return;
    }
    const endpoint = list[this.turn++ % list.length];
    const copy = data === undefined ? undefined : wireCopy(data);
    setImmediate(() => endpoint(copy, (packet) => respond(wireCopy(packet) as WritePacket)));
  }
}

/** What the other side would get over NATS (JSON both ways). */
function wireCopy(value: unknown): unknown {
  return jsonCopy(value);
}

/**
 * `JSON.parse(JSON.stringify(value))` without writing and reading the text: the same values come out (dates and
 * anything with toJSON as their JSON, undefined and functions left out of objects and null in arrays, non-finite
 * numbers null, Maps and Sets `{}`), and strings are handed on rather than copied (they cannot change), so a page
 * that a service serialised already costs nothing to pass. A bigint throws as JSON does, a cycle overflows the stack.
 */
export function jsonCopy(value: unknown, key = ''): unknown {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return jsonCopy((value as { toJSON(key: string): unknown }).toJSON(key), key);
  }
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // -0 is written as 0.
      return Number.isFinite(value) ? value + 0 : null;
    case 'bigint':
      throw new TypeError('Do not know how to serialize a BigInt');
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) return null;
  if (value instanceof Number || value instanceof String || value instanceof Boolean) return value.valueOf();
  if (Array.isArray(value)) {
    // Array.from visits holes too (map skips them): JSON writes a hole as null.
    return Array.from(value, (element, index) => {
      const copied = jsonCopy(element, String(index));
      return copied === undefined ? null : copied;
    });
  }
  const copy: Record<string, unknown> = {};
  for (const name of Object.keys(value as object)) {
    const copied = jsonCopy((value as Record<string, unknown>)[name], name);
    if (copied !== undefined) copy[name] = copied;
  }
  return copy;
}

export class InMemoryRpcServer extends Server implements CustomTransportStrategy {
  private readonly unregister: (() => void)[] = [];

  constructor(private readonly broker: InMemoryRpcBroker) {
    super();
  }

  listen(callback: () => void): void {
    for (const pattern of this.messageHandlers.keys()) {
      this.unregister.push(this.broker.register(pattern, (data, respond) => void this.handle(pattern, data, respond)));
    }
    callback();
  }

  private async handle(pattern: string, data: unknown, respond: Respond): Promise<void> {
    const handler = this.getHandlerByPattern(pattern);
    if (!handler) return respond({ err: `No handler for ${pattern}`, isDisposed: true });
    try {
      const response$ = this.transformToObservable(await handler(data));
      this.send(response$, respond);
    } catch (err) {
      respond({ err, isDisposed: true });
    }
  }

  protected override getRouteFromPattern(pattern: string): string {
    return isJsonPattern(pattern) ? super.getRouteFromPattern(pattern) : this.normalizePattern(pattern);
  }

  close(): void {
    for (const off of this.unregister.splice(0)) off();
  }

  on(): void {
    // No transport-level events in memory.
  }

  unwrap<T>(): T {
    return this.broker as T;
  }
}

export class InMemoryRpcClient extends ClientProxy {
  constructor(private readonly broker: InMemoryRpcBroker) {
    super();
  }

  async connect(): Promise<void> {
    // Nothing to connect to.
  }

  close(): void {
    // Nothing to close.
  }

  unwrap<T>(): T {
    return this.broker as T;
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    let disposed = false;
    this.broker.request(this.normalizePattern(packet.pattern), packet.data, (reply) => {
      if (!disposed) callback(reply);
    });
    return () => {
      disposed = true;
    };
  }

  protected dispatchEvent(): Promise<never> {
    return Promise.reject(new Error('Events travel on the event bus, not over RPC'));
  }
}
