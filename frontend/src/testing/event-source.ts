import { vi } from 'vitest';

/**
 * A stand-in for the browser's EventSource (jsdom has none): tests open, feed and fail the stream by hand.
 * `FakeEventSource.instances` lists every stream the code opened, newest last.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    super();
    FakeEventSource.instances.push(this);
  }

  get withCredentials(): boolean {
    return this.init?.withCredentials ?? false;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** One server event: `event: <name>` with `data: <JSON>`. */
  emit(name: string, data: unknown): void {
    this.dispatchEvent(new MessageEvent(name, { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }

  /** A dropped connection: the browser reconnects by itself (CONNECTING), or gives up (CLOSED). */
  fail(giveUp = false): void {
    this.readyState = giveUp ? 2 : 0;
    this.onerror?.(new Event('error'));
  }

  close(): void {
    this.readyState = 2;
  }

  static latest(): FakeEventSource {
    const latest = FakeEventSource.instances.at(-1);
    if (!latest) throw new Error('no EventSource was opened');
    return latest;
  }
}

export function installFakeEventSource(): typeof FakeEventSource {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}
