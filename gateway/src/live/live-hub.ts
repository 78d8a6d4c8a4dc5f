import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import {
  Calls,
  LIVE_NOTIFICATIONS_TOPIC,
  LIVE_SESSIONS_ENDED_TOPIC,
  LIVE_SIGNAL_BATCH,
  LiveBatchAnswer,
  LiveBatchCall,
  LiveNotificationSignal,
  LiveSessionsEndedSignal,
} from '@curbside/contracts';
import { APP_CONFIG, AppConfig, createLogger, LIVE_CHANNEL, LiveChannel, watchLiveStreams } from '@curbside/platform';
import type { ServerResponse } from 'node:http';
import { GatewayAdmission } from '../http/admission';
import { ServiceClient } from '../http/service-client';
import { LiveStream } from './live-stream';

/** Open tabs per member; a new one past this closes the oldest (a member cannot pin the gateway's memory). */
export const MAX_STREAMS_PER_MEMBER = 10;

/**
 * The open live streams of this gateway process, by member. Every replica hears every signal of the notifications
 * service on the live channel and serves the members whose streams it holds: it asks the service for exactly the
 * notifications a signal named (checked to be that member's) and the unread counts, in one call per signal.
 */
@Injectable()
export class LiveHub implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = createLogger('live');
  private readonly streams = new Map<string, Set<LiveStream>>();
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    @Inject(LIVE_CHANNEL) private readonly live: LiveChannel,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly services: ServiceClient,
    private readonly admission: GatewayAdmission,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.unsubscribe.push(
      await this.live.subscribe(LIVE_NOTIFICATIONS_TOPIC, (signal) => void this.onSignal(signal as LiveNotificationSignal)),
      await this.live.subscribe(LIVE_SESSIONS_ENDED_TOPIC, (signal) => void this.onSessionsEnded(signal as LiveSessionsEndedSignal)),
      watchLiveStreams(() => this.size),
    );
  }

  /** Ends every stream, so the HTTP server can close (browsers reconnect to another replica). */
  onModuleDestroy(): void {
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
    for (const streams of this.streams.values()) for (const stream of streams) stream.end();
    this.streams.clear();
  }

  /** A new tab: registered first, so nothing signalled meanwhile is missed, then caught up and told the count. */
  async open(userId: string, sessionToken: string, response: ServerResponse, lastEventId: string | undefined): Promise<void> {
    const stream = new LiveStream(userId, sessionToken, response, this.config.LIVE_HEARTBEAT_MS);
    let mine = this.streams.get(userId);
    if (!mine) this.streams.set(userId, (mine = new Set()));
    mine.add(stream);
    if (mine.size > MAX_STREAMS_PER_MEMBER) {
      const oldest = mine.values().next().value as LiveStream;
      this.close(oldest);
    }
    response.on('close', () => this.close(stream));
    const afterSeq = lastEventId && /^\d{1,18}$/.test(lastEventId) ? lastEventId : undefined;
    // The catch-up is the stream's one call to the services: it takes a place at the gate like any request, and when
    // none is free it is left out (opening streams in a loop must not reach the services past the gate). Either way,
    // as when the call fails, the stream stays open: the next signal brings the count, and the client polls meanwhile.
    const place = this.admission.gate.tryEnter();
    if (!place) return;
    try {
      const answer = await this.services.call(Calls.notifications.live, { users: [{ userId, afterSeq }] } satisfies LiveBatchCall);
      this.deliver(answer, (s) => s === stream);
    } catch (err) {
      this.log.warn({ err, userId }, 'live stream could not catch up');
    } finally {
      place.release();
    }
  }

  /** How many streams this process holds (health, tests and /metrics). */
  get size(): number {
    let n = 0;
    for (const streams of this.streams.values()) n += streams.size;
    return n;
  }

  private close(stream: LiveStream): void {
    stream.end();
    const mine = this.streams.get(stream.userId);
    mine?.delete(stream);
    if (mine?.size === 0) this.streams.delete(stream.userId);
  }

  private async onSignal(signal: LiveNotificationSignal): Promise<void> {
    if (!Array.isArray(signal?.entries)) return;
    const wanted = new Map<string, string[]>();
    for (const [userId, notificationId] of signal.entries) {
      if (!this.streams.has(userId)) continue;
      let ids = wanted.get(userId);
      if (!ids) wanted.set(userId, (ids = []));
      if (notificationId) ids.push(notificationId);
    }
    if (wanted.size === 0) return;
    const users = [...wanted].map(([userId, ids]) => ({ userId, ids }));
    for (let i = 0; i < users.length; i += LIVE_SIGNAL_BATCH) {
      try {
        const answer = await this.services.call(Calls.notifications.live, { users: users.slice(i, i + LIVE_SIGNAL_BATCH) } satisfies LiveBatchCall);
        this.deliver(answer, () => true);
      } catch (err) {
        this.log.warn({ err, members: users.length }, 'live signal could not be delivered');
      }
    }
  }

  /**
   * One of these members' sessions ended (the users service signals every revocation). The signal names members,
   * not sessions, so the session tokens never leave the gateway and the users service: each distinct session of their
   * streams here is resolved again, and the streams of a session that no longer resolves to its member end. A
   * member's other sessions (another browser) keep streaming. If the users service cannot answer, the streams stay:
   * a reconnect is checked by the session guard anyway.
   */
  private async onSessionsEnded(signal: LiveSessionsEndedSignal): Promise<void> {
    if (!Array.isArray(signal?.userIds)) return;
    for (const userId of new Set(signal.userIds)) {
      const mine = this.streams.get(userId);
      if (!mine) continue;
      const sessions = new Set([...mine].map((stream) => stream.sessionToken));
      await Promise.all(
        [...sessions].map(async (token) => {
          try {
            const { userId: current } = await this.services.call(Calls.users.resolveSession, { token });
            if (current === userId) return;
            for (const stream of [...(this.streams.get(userId) ?? [])]) if (stream.sessionToken === token) this.close(stream);
          } catch (err) {
            this.log.warn({ err, userId }, 'live streams of an ended session could not be checked');
          }
        }),
      );
    }
  }

  private deliver(answer: LiveBatchAnswer, which: (stream: LiveStream) => boolean): void {
    for (const user of answer.users) {
      for (const stream of this.streams.get(user.userId) ?? []) {
        if (!which(stream) || !stream.open) continue;
        for (const notification of user.notifications) stream.sendNotification(notification);
        stream.sendCount(user.count);
      }
    }
  }
}
