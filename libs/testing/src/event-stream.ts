/** One Server-Sent Event as a browser's EventSource would see it (comments kept apart). */
export interface ServerSentEvent {
  event: string;
  data: string;
  id?: string;
  receivedAt: number;
}

/**
 * Reads a text/event-stream response the way EventSource does: `event:`, `data:` (joined by newlines), `id:`
 * lines up to a blank line; `:` lines are comments (heartbeats), counted in `comments`.
 */
export class EventStreamReader {
  readonly events: ServerSentEvent[] = [];
  comments = 0;
  retry?: number;
  private ended = false;
  private readonly done: Promise<void>;

  constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {
    this.done = this.read();
  }

  /** Waits for an event that matches, and returns it (events already received count). */
  async next(match: (event: ServerSentEvent) => boolean, timeoutMs = 5000): Promise<ServerSentEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      if (this.ended) throw new Error('the stream ended before a matching event');
      if (Date.now() > deadline) throw new Error(`no matching event within ${timeoutMs} ms (got ${JSON.stringify(this.events.map((e) => [e.event, e.data]))})`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** Events of one name, their data parsed as JSON. */
  data<T>(event: string): T[] {
    return this.events.filter((e) => e.event === event).map((e) => JSON.parse(e.data) as T);
  }

  get isEnded(): boolean {
    return this.ended;
  }

  async close(): Promise<void> {
    this.controller.abort();
    await this.done;
  }

  private async read(): Promise<void> {
    const reader = this.response.body?.getReader();
    if (!reader) return void (this.ended = true);
    const decoder = new TextDecoder();
    let buffer = '';
    let current: Partial<ServerSentEvent> & { dataLines: string[] } = { dataLines: [] };
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let newline: number;
        while ((newline = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, newline).replace(/\r$/, '');
          buffer = buffer.slice(newline + 1);
          if (line === '') {
            if (current.dataLines.length) {
              this.events.push({ event: current.event ?? 'message', data: current.dataLines.join('\n'), id: current.id, receivedAt: Date.now() });
            }
            current = { dataLines: [] };
          } else if (line.startsWith(':')) this.comments++;
          else {
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') current.event = value;
            else if (field === 'data') current.dataLines.push(value);
            else if (field === 'id') current.id = value;
            else if (field === 'retry') this.retry = Number(value);
          }
        }
      }
    } catch {
      // aborted by close()
    } finally {
      this.ended = true;
    }
  }
}
