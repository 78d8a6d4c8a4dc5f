import type { ServerResponse } from 'node:http';
import { LIVE_STREAM_RETRY_MS, LiveEvent, LiveNotification } from '@curbside/contracts';
import { RecentlySeen } from '@curbside/platform';

/** How many notification ids a stream remembers, so one delivered by both a catch-up and a signal is sent once. */
const REMEMBERED_IDS = 256;

/**
 * One open tab's Server-Sent Events response: the `retry:` hint, events with their ids, a comment line every
 * heartbeat, and nothing after the browser has gone.
 */
export class LiveStream {
  private readonly sentIds = new RecentlySeen<string>(REMEMBERED_IDS);
  private readonly heartbeat: NodeJS.Timeout;
  private ended = false;

  constructor(
    readonly userId: string,
    /** The session cookie's token it was opened with: a sign-out ends the streams of that session only. */
    readonly sessionToken: string,
    private readonly response: ServerResponse,
    heartbeatMs: number,
  ) {
    response.statusCode = 200;
    response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    response.setHeader('Cache-Control', 'no-cache, no-transform');
    response.setHeader('Connection', 'keep-alive');
    // Reverse proxies (nginx) buffer responses unless told not to.
    response.setHeader('X-Accel-Buffering', 'no');
    response.flushHeaders();
    this.write(`retry: ${LIVE_STREAM_RETRY_MS}\n\n`);
    this.heartbeat = setInterval(() => this.write(': ping\n\n'), heartbeatMs);
    this.heartbeat.unref();
  }

  get open(): boolean {
    return !this.ended;
  }

  sendNotification(notification: LiveNotification): void {
    if (!this.sentIds.add(notification.id)) return;
    const { seq, ...body } = notification;
    this.write(`event: ${LiveEvent.notification}\nid: ${seq}\ndata: ${JSON.stringify(body)}\n\n`);
  }

  sendCount(count: number): void {
    this.write(`event: ${LiveEvent.count}\ndata: ${JSON.stringify({ count })}\n\n`);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.heartbeat);
    this.response.end();
  }

  private write(text: string): void {
    if (!this.ended && !this.response.writableEnded) this.response.write(text);
  }
}
