import { availableParallelism } from 'node:os';
import { Agent as HttpAgent, IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import webpush from 'web-push';

/** One push to send: the browser's subscription, the JSON to show, and the request's own headers. */
export interface PushToSend {
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: string;
  /** The VAPID `Authorization` header for the endpoint's push service (signed once per service, PushService). */
  authorization: string;
  urgency: 'high' | 'normal';
  ttlSeconds: number;
}

/** What the push service said: `status` when it answered, `error` when the push never got an answer. */
export type PushResult = { status: number } | { error: string };

/** Threads a process posts pushes on (push-sending.threads): one per core, at most four. */
export const PUSH_THREADS = Math.min(4, availableParallelism());
/**
 * Kept-alive connections to one push service (per origin) from one process, shared out among its push threads: the
 * pushes in flight beyond these wait for a free one. bench/README.md ("Scenario `push`") has the figures that chose it.
 */
export const CONNECTIONS_PER_PUSH_SERVICE = 32;
/** A push service that sends nothing back for this long on a connection is given up on (the push counts as failed). */
export const PUSH_TIMEOUT_MS = 10_000;

/**
 * Encrypts and posts pushes: RFC 8291 (aes128gcm) by the web-push library, a new ECDH key pair and salt per message
 * and the shared secret with the browser's key, then one POST per push with node:http(s) on kept-alive connections
 * (no redirects followed), at most `connectionsPerService` to one push service. Not fetch: its request cost six
 * times the CPU of node:http's on this machine, more than the encryption (bench/README.md, "Scenario `push`").
 * Runs on the push threads (push-sending.threads), or on the caller's thread when they are unavailable.
 */
export class PushSender {
  private readonly agents: { 'http:': HttpAgent; 'https:': HttpsAgent };

  constructor(connectionsPerService: number) {
    this.agents = {
      'http:': new HttpAgent({ keepAlive: true, maxSockets: connectionsPerService }),
      'https:': new HttpsAgent({ keepAlive: true, maxSockets: connectionsPerService }),
    };
  }

  async send(push: PushToSend): Promise<PushResult> {
    try {
      const request = webpush.generateRequestDetails({ endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } }, push.payload, {
        headers: { Authorization: push.authorization },
        contentEncoding: 'aes128gcm',
        TTL: push.ttlSeconds,
        urgency: push.urgency,
      });
      const url = new URL(push.endpoint);
      const post = () => this.post(url, request.headers as Record<string, string | number>, request.body as Buffer);
      // A kept-alive connection the push service had just closed fails before anything was sent: one more try on a new one.
      const status = await post().catch((err: unknown) => {
        if (err instanceof PushTimeout) throw err;
        return post();
      });
      return { status };
    } catch (err: unknown) {
      return { error: err instanceof Error ? err.message : String(err) };
    }
  }

  close(): void {
    for (const agent of Object.values(this.agents)) agent.destroy();
  }

  /** One POST on a kept-alive connection to the push service; answers its status (the body is read and dropped). */
  private post(url: URL, headers: Record<string, string | number>, body: Buffer): Promise<number> {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const agent = url.protocol === 'https:' ? this.agents['https:'] : this.agents['http:'];
    return new Promise<number>((resolve, reject) => {
      const req = send(url, { method: 'POST', headers, agent }, (res: IncomingMessage) => {
        res.on('error', reject);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.resume();
      });
      // From when a connection is the request's: waiting for a free one is not the service's delay.
      req.setTimeout(PUSH_TIMEOUT_MS, () => req.destroy(new PushTimeout()));
      req.on('error', reject);
      req.end(body);
    });
  }
}

class PushTimeout extends Error {
  constructor() {
    super(`the push service sent nothing for ${PUSH_TIMEOUT_MS} ms`);
  }
}
