import { randomUUID } from 'node:crypto';
import { Agent as HttpAgent, IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DomainError, PushError, PushPayload, PushSubscriptionRequest } from '@curbside/contracts';
import { APP_CONFIG, AppConfig, createLogger } from '@curbside/platform';
import { DataSource } from 'typeorm';
import webpush from 'web-push';
import { DeliveriesRepository, DueRow, PushSubscriptionRow } from './deliveries.repository';
import { inParallel } from '../in-parallel';
import { pushEndpointAllowed } from './push-endpoints';
import { loadVapidKeys, VapidKeys } from './vapid-keys';

/** Pushes in flight at once from one delivery job: a post reaching 10,000 browsers goes out in parallel, not one by one. */
const PUSHES_IN_FLIGHT = 128;
/**
 * Kept-alive connections to one push service (per origin) from one process, shared by every push to it: the pushes in
 * flight beyond these wait for a free one. bench/README.md ("Scenario `push`") has the figures that chose it.
 */
export const CONNECTIONS_PER_PUSH_SERVICE = 32;
/** A push service that sends nothing back for this long on a connection is given up on (the push counts as failed). */
const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a push for a browser that is offline: an item alert older than this helps nobody. */
const PUSH_TTL_SECONDS = 3600;
/** VAPID tokens live 12 hours (RFC 8292 allows up to 24). */
const VAPID_TOKEN_SECONDS = 12 * 3600;

export type PushOutcome = 'sent' | 'gone' | 'failed';

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payloads (RFC 8291), encrypted and signed by the web-push
 * library; the request itself is ours (node:http(s) on kept-alive connections, no redirects followed), to an endpoint
 * checked against PUSH_SERVICE_HOSTS when it was subscribed and again before every send. Not fetch: its request
 * cost six times the CPU of node:http's on this machine, more than the encryption (bench/README.md, "Scenario `push`").
 */
@Injectable()
export class PushService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = createLogger('push');
  private keys: VapidKeys | null = null;
  /** A signed VAPID token per push service (audience), reused until an hour before it expires: signing one per push is most of a push's cost. */
  private readonly tokens = new Map<string, { authorization: string; renewAt: number }>();
  private readonly subject: string;
  private readonly agents = {
    'http:': new HttpAgent({ keepAlive: true, maxSockets: CONNECTIONS_PER_PUSH_SERVICE }),
    'https:': new HttpsAgent({ keepAlive: true, maxSockets: CONNECTIONS_PER_PUSH_SERVICE }),
  };

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

  onApplicationShutdown(): void {
    for (const agent of Object.values(this.agents)) agent.destroy();
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
    for (const sub of await this.repository.subscriptionsOf([...new Set(rows.map((r) => r.user_id))]))
      byUser.set(sub.user_id, [...(byUser.get(sub.user_id) ?? []), sub]);
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
      const url = new URL(request.endpoint);
      const post = () => this.post(url, request.method, request.headers as Record<string, string | number>, request.body as Buffer);
      // A kept-alive connection the push service had just closed fails before anything was sent: one more try on a new one.
      const status = await post().catch((err: unknown) => {
        if (err instanceof PushTimeout) throw err;
        return post();
      });
      if (status === 404 || status === 410) {
        await this.repository.forget(sub.id);
        return 'gone';
      }
      if (status >= 200 && status < 300) return 'sent';
      this.log.warn({ status, subscriptionId: sub.id }, 'push refused');
      return 'failed';
    } catch (err) {
      this.log.warn({ err, subscriptionId: sub.id }, 'push failed');
      return 'failed';
    }
  }

  /** One POST on a kept-alive connection to the push service; answers its status (the body is read and dropped). */
  private post(url: URL, method: string, headers: Record<string, string | number>, body: Buffer): Promise<number> {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const agent = url.protocol === 'https:' ? this.agents['https:'] : this.agents['http:'];
    return new Promise<number>((resolve, reject) => {
      const req = send(url, { method, headers, agent }, (res: IncomingMessage) => {
        res.on('error', reject);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.resume();
      });
      // From when a connection is the request's: waiting for one of CONNECTIONS_PER_PUSH_SERVICE is not the service's delay.
      req.setTimeout(PUSH_TIMEOUT_MS, () => req.destroy(new PushTimeout()));
      req.on('error', reject);
      req.end(body);
    });
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

class PushTimeout extends Error {
  constructor() {
    super(`the push service sent nothing for ${PUSH_TIMEOUT_MS} ms`);
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
