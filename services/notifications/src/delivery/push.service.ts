import { randomUUID } from 'node:crypto';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DomainError, PushError, PushPayload, PushSubscriptionRequest } from '@curbside/contracts';
import { APP_CONFIG, AppConfig, createLogger } from '@curbside/platform';
import { DataSource } from 'typeorm';
import webpush from 'web-push';
import { DeliveriesRepository, DueRow, PushSubscriptionRow } from './deliveries.repository';
import { pushEndpointAllowed } from './push-endpoints';
import { loadVapidKeys, VapidKeys } from './vapid-keys';

/** Pushes in flight at once from one process: a post reaching 10,000 browsers goes out in parallel, not one by one. */
const PUSHES_IN_FLIGHT = 128;
const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a push for a browser that is offline: an item alert older than this helps nobody. */
const PUSH_TTL_SECONDS = 3600;
/** VAPID tokens live 12 hours (RFC 8292 allows up to 24). */
const VAPID_TOKEN_SECONDS = 12 * 3600;

export type PushOutcome = 'sent' | 'gone' | 'failed';

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payloads (RFC 8291), encrypted and signed by the web-push
 * library; the request itself is ours (fetch, no redirects followed), to an endpoint checked against
 * PUSH_SERVICE_HOSTS when it was subscribed and again before every send.
 */
@Injectable()
export class PushService implements OnApplicationBootstrap {
  private readonly log = createLogger('push');
  private keys: VapidKeys | null = null;
  /** A signed VAPID token per push service (audience), reused until an hour before it expires: signing one per push is most of a push's cost. */
  private readonly tokens = new Map<string, { authorization: string; renewAt: number }>();
  private readonly subject: string;

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

  publicKey(): { publicKey: string } {
    return { publicKey: this.vapid().publicKey };
  }

  async subscribe(userId: string, request: PushSubscriptionRequest): Promise<{ id: string }> {
    if (!pushEndpointAllowed(request.endpoint, this.config.PUSH_SERVICE_HOSTS)) {
      throw new DomainError(PushError.ENDPOINT_NOT_ALLOWED, "That push endpoint is not one of the browsers' push services");
    }
    const id = await this.repository.subscribe(userId, { id: randomUUID(), endpoint: request.endpoint, p256dh: request.keys.p256dh, auth: request.keys.auth });
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
    for (const sub of await this.repository.subscriptionsOf([...new Set(rows.map((r) => r.user_id))])) byUser.set(sub.user_id, [...(byUser.get(sub.user_id) ?? []), sub]);
    const sends = rows.flatMap((row) => (byUser.get(row.user_id) ?? []).map((sub) => () => this.send(sub, payloadOf(row))));
    return inParallel(sends, PUSHES_IN_FLIGHT);
  }

  private async send(sub: PushSubscriptionRow, payload: PushPayload): Promise<PushOutcome> {
    if (!pushEndpointAllowed(sub.endpoint, this.config.PUSH_SERVICE_HOSTS)) return 'failed';
    const keys = this.vapid();
    try {
      const request = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
        headers: { Authorization: this.authorization(new URL(sub.endpoint).origin, keys) },
        contentEncoding: 'aes128gcm',
        TTL: PUSH_TTL_SECONDS,
        urgency: payload.type === 'you_are_up' || payload.type === 'handover_message' ? 'high' : 'normal',
      });
      const post = () =>
        fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body as Buffer,
          redirect: 'manual',
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        });
      // A kept-alive connection the push service had just closed fails before anything was sent: one more try on a new one.
      const response = await post().catch((err: unknown) => {
        if ((err as Error).name === 'TimeoutError') throw err;
        return post();
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.status === 404 || response.status === 410) {
        await this.repository.forget(sub.id);
        return 'gone';
      }
      if (response.status >= 200 && response.status < 300) return 'sent';
      this.log.warn({ status: response.status, subscriptionId: sub.id }, 'push refused');
      return 'failed';
    } catch (err) {
      this.log.warn({ err, subscriptionId: sub.id }, 'push failed');
      return 'failed';
    }
  }

  private authorization(audience: string, keys: VapidKeys): string {
    const kept = this.tokens.get(audience);
    if (kept && kept.renewAt > Date.now()) return kept.authorization;
    const expiresAt = Math.floor(Date.now() / 1000) + VAPID_TOKEN_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(audience, this.subject, keys.publicKey, keys.privateKey, 'aes128gcm', expiresAt) as { Authorization: string };
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

async function inParallel<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
