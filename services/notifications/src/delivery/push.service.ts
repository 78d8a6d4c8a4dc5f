import { randomUUID } from 'node:crypto';
import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DomainError, PushError, PushPayload, PushSubscribeCall } from '@curbside/contracts';
import { APP_CONFIG, AppConfig, createLogger } from '@curbside/platform';
import { DataSource } from 'typeorm';
import webpush from 'web-push';
import { DeliveriesRepository, DueRow, PushSubscriptionRow } from './deliveries.repository';
import { inParallel } from '../in-parallel';
import { PushResult } from './push-sender';
import { PushSendingThreads } from './push-sending.threads';
import { pushEndpointAllowed } from './push-endpoints';
import { loadVapidKeys, VapidKeys } from './vapid-keys';

/**
 * Pushes go to the push threads (push-sending.threads) in batches, encrypted and posted there together; a delivery
 * job keeps this many batches in flight, so each thread has the next batch while it waits on the last's answers: up
 * to 128 pushes in flight from one job.
 */
const PUSHES_PER_BATCH = 32;
const BATCHES_IN_FLIGHT = 4;
/** How long a push service keeps a push for a browser that is offline: an item alert older than this helps nobody. */
const PUSH_TTL_SECONDS = 3600;
/** VAPID tokens live 12 hours (RFC 8292 allows up to 24). */
const VAPID_TOKEN_SECONDS = 12 * 3600;

export type PushOutcome = 'sent' | 'gone' | 'failed';

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payloads (RFC 8291): subscriptions, the VAPID tokens
 * (signed here, once per push service), and delivery to every browser of a member. The encryption and the requests,
 * nearly all of a push's CPU, run on the push threads (PushSender on push-sending.threads), so a post reaching
 * thousands of browsers uses every core and leaves this event loop free. An endpoint is checked against
 * PUSH_SERVICE_HOSTS when it is subscribed and again before every send.
 */
@Injectable()
export class PushService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = createLogger('push');
  private keys: VapidKeys | null = null;
  /** A signed VAPID token per push service (audience), reused until an hour before it expires, instead of an ECDSA signature for every push. */
  private readonly tokens = new Map<string, { authorization: string; renewAt: number }>();
  private readonly subject: string;
  private readonly threads = new PushSendingThreads();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly repository: DeliveriesRepository,
  ) {
    this.subject = vapidSubject(config);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.keys = await loadVapidKeys(this.config, this.dataSource);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.threads.close();
  }

  publicKey(): { publicKey: string } {
    return { publicKey: this.vapid().publicKey };
  }

  async subscribe(userId: string, request: PushSubscribeCall): Promise<{ id: string }> {
    if (!pushEndpointAllowed(request.endpoint, this.config.PUSH_SERVICE_HOSTS)) {
      throw new DomainError(PushError.ENDPOINT_NOT_ALLOWED, "That push endpoint is not one of the browsers' push services");
    }
    const id = await this.repository.subscribe(userId, {
      id: randomUUID(),
      endpoint: request.endpoint,
      p256dh: request.keys.p256dh,
      auth: request.keys.auth,
      sessionRef: request.sessionRef,
    });
    return { id };
  }

  async unsubscribe(userId: string, subscriptionId: string): Promise<{ success: boolean }> {
    if (!(await this.repository.unsubscribe(userId, subscriptionId))) throw new DomainError(PushError.SUBSCRIPTION_NOT_FOUND, 'Push subscription not found');
    return { success: true };
  }

  /** Pushes each notification to every browser its member subscribed; subscriptions the push service no longer knows are forgotten. */
  async pushAll(rows: DueRow[]): Promise<PushOutcome[]> {
    if (rows.length === 0) return [];
    const byUser = new Map<string, PushSubscriptionRow[]>();
    for (const sub of await this.repository.subscriptionsOf([...new Set(rows.map((r) => r.user_id))]))
      byUser.set(sub.user_id, [...(byUser.get(sub.user_id) ?? []), sub]);
    const pushes = rows.flatMap((row) => (byUser.get(row.user_id) ?? []).map((sub) => ({ sub, payload: payloadOf(row) })));
    const batches: (typeof pushes)[] = [];
    for (let i = 0; i < pushes.length; i += PUSHES_PER_BATCH) batches.push(pushes.slice(i, i + PUSHES_PER_BATCH));
    const outcomes = await inParallel(
      batches.map((batch) => () => this.sendBatch(batch)),
      BATCHES_IN_FLIGHT,
    );
    return outcomes.flat();
  }

  /** A batch: encrypted and posted together on a push thread; subscriptions their push service no longer knows are forgotten. */
  private async sendBatch(batch: { sub: PushSubscriptionRow; payload: PushPayload }[]): Promise<PushOutcome[]> {
    const keys = this.vapid();
    // Checked again before every send: a host taken off PUSH_SERVICE_HOSTS since the subscription gets nothing more.
    const allowed = batch.filter(({ sub }) => pushEndpointAllowed(sub.endpoint, this.config.PUSH_SERVICE_HOSTS));
    const results = await this.threads.send(
      allowed.map(({ sub, payload }) => ({
        endpoint: sub.endpoint,
        p256dh: sub.p256dh,
        auth: sub.auth,
        payload: JSON.stringify(payload),
        authorization: this.authorization(new URL(sub.endpoint).origin, keys),
        urgency: payload.type === 'you_are_up' || payload.type === 'handover_message' ? 'high' : 'normal',
        ttlSeconds: PUSH_TTL_SECONDS,
      })),
    );
    const resultOf = new Map(allowed.map(({ sub }, i) => [sub, results[i]]));
    return Promise.all(batch.map(({ sub }) => this.outcome(sub, resultOf.get(sub))));
  }

  private async outcome(sub: PushSubscriptionRow, result: PushResult | undefined): Promise<PushOutcome> {
    if (!result) return 'failed';
    if ('error' in result) {
      this.log.warn({ err: result.error, subscriptionId: sub.id }, 'push failed');
      return 'failed';
    }
    if (result.status === 404 || result.status === 410) {
      await this.repository.forget(sub.id);
      return 'gone';
    }
    if (result.status >= 200 && result.status < 300) return 'sent';
    this.log.warn({ status: result.status, subscriptionId: sub.id }, 'push refused');
    return 'failed';
  }

  private authorization(audience: string, keys: VapidKeys): string {
    const kept = this.tokens.get(audience);
    if (kept && kept.renewAt > Date.now()) return kept.authorization;
    const expiresAt = Math.floor(Date.now() / 1000) + VAPID_TOKEN_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(audience, this.subject, keys.publicKey, keys.privateKey, 'aes128gcm', expiresAt) as {
      Authorization: string;
    };
    this.tokens.set(audience, { authorization: Authorization, renewAt: (expiresAt - 3600) * 1000 });
    return Authorization;
  }

  private vapid(): VapidKeys {
    if (!this.keys) throw new Error('Push keys are not loaded yet');
    return this.keys;
  }
}

/** What the service worker shows: a click opens the item's page for alerts about an item, else the app. */
export function payloadOf(row: Pick<DueRow, 'id' | 'type' | 'title' | 'message' | 'data'>): PushPayload {
  let itemId: unknown;
  try {
    itemId = (JSON.parse(row.data) as { itemId?: unknown }).itemId;
  } catch {
    itemId = undefined;
  }
  const url = typeof itemId === 'string' && /^[0-9a-f-]{36}$/i.test(itemId) ? `/items/${itemId}` : '/';
  return { type: row.type, title: row.title, message: row.message, url, notificationId: row.id };
}

/** VAPID's contact: PUBLIC_URL when it is https, else the sender address of the alert e-mails. */
function vapidSubject(config: AppConfig): string {
  if (config.PUBLIC_URL?.startsWith('https://')) return config.PUBLIC_URL;
  const address = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM;
  return `mailto:${address.trim()}`;
}
