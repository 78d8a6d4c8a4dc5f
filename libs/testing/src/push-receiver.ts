import { createECDH, createDecipheriv, createHmac, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/** A push as a browser would get it: decrypted (RFC 8291) and its VAPID signature checked (RFC 8292). */
export interface ReceivedPush {
  /** The subscription's name (the last segment of its endpoint). */
  name: string;
  payload: unknown;
  receivedAt: number;
  /** The VAPID public key (k=) of a valid, unexpired token for this endpoint's origin. */
  vapidKey: string;
  ttl: string | undefined;
  urgency: string | undefined;
}

/** The PushSubscription JSON a browser would hand the app, with the private half kept here to decrypt. */
export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/**
 * A push service of a test's own on loopback, playing the browser's side too: each subscription has a key pair and
 * auth secret made here, and every push is decrypted with them (aes128gcm, RFC 8291, written with node:crypto)
 * and its VAPID token verified, so a test sees what a browser would show. A subscription can be told to answer
 * 410 Gone, as a push service does for a browser that unsubscribed.
 */
export class PushReceiver {
  readonly received: ReceivedPush[] = [];
  readonly refused: { name: string; reason: string }[] = [];
  private readonly keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  private readonly gone = new Set<string>();
  /**
   * Pushes to endpoints under /bulk/ (a bench's thousands of subscribers): counted with their arrival time; every
   * `sampleEvery`-th is decrypted and its VAPID token checked too (into `bulkSample`, or `refused`), when the bulk
   * subscriptions were given `bulkKeys()`.
   */
  readonly bulk: number[] = [];
  readonly bulkSample: ReceivedPush[] = [];
  private bulkSecrets: { ecdh: ReturnType<typeof createECDH>; auth: Buffer; sampleEvery: number } | undefined;
  private readonly listeners = new Set<() => void>();
  /** TCP connections senders opened to this push service, all told. */
  connections = 0;

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<PushReceiver> {
    // Idle keep-alive connections stay open a minute (Node's 5 s default closes them under a sender that pauses, e.g.
    // a busy machine, and the sender's next push on one fails).
    const server = createServer({ keepAliveTimeout: 60_000 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const receiver = new PushReceiver(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    server.on('connection', () => void (receiver.connections += 1));
    server.on('request', (req, res) => {
      void receiver.handle(req).then(
        (status) => res.writeHead(status).end(),
        () => res.writeHead(400).end(),
      );
    });
    return receiver;
  }

  subscription(name: string): TestSubscription {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.keys.set(name, { ecdh, auth });
    return { endpoint: `${this.origin}/push/${name}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
  }

  /** The keys every /bulk/ subscription shares (one browser's key pair and auth secret made here), to decrypt a sample. */
  bulkKeys(sampleEvery = 100): TestSubscription['keys'] {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.bulkSecrets = { ecdh, auth, sampleEvery };
    return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') };
  }

  /** From now on pushes to this subscription answer 410 Gone. */
  goneFor(name: string): void {
    this.gone.add(name);
  }

  to(name: string): ReceivedPush[] {
    return this.received.filter((p) => p.name === name);
  }

  /** Resolves once `check` holds (checked after every push), or rejects after `timeoutMs`. */
  async until(check: () => boolean, timeoutMs = 10_000, what = 'the pushes'): Promise<void> {
    if (check()) return;
    await new Promise<void>((resolve, reject) => {
      const listener = () => {
        if (!check()) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve();
      };
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        reject(new Error(`timed out waiting for ${what} (${this.received.length} received)`));
      }, timeoutMs);
      this.listeners.add(listener);
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage): Promise<number> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const name = (req.url ?? '').split('/').pop() ?? '';
    if (req.method === 'POST' && (req.url ?? '').startsWith('/bulk/')) {
      const receivedAt = Date.now();
      this.bulk.push(receivedAt);
      const secrets = this.bulkSecrets;
      const status = secrets && this.bulk.length % secrets.sampleEvery === 0 ? this.open(req, chunks, name, secrets, this.bulkSample, receivedAt) : 201;
      for (const listener of [...this.listeners]) listener();
      return status;
    }
    const keys = this.keys.get(name);
    if (req.method !== 'POST' || !keys) return 404;
    if (this.gone.has(name)) return 410;
    const status = this.open(req, chunks, name, keys, this.received, Date.now());
    for (const listener of [...this.listeners]) listener();
    return status;
  }

  /** Decrypts the push and checks its token as a browser would, into `into`; a push that fails either is refused. */
  private open(
    req: IncomingMessage,
    chunks: Buffer[],
    name: string,
    keys: { ecdh: ReturnType<typeof createECDH>; auth: Buffer },
    into: ReceivedPush[],
    receivedAt: number,
  ): number {
    try {
      const vapidKey = checkVapid(String(req.headers.authorization ?? ''), this.origin);
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${String(req.headers['content-encoding'])}`);
      const payload: unknown = JSON.parse(decrypt(Buffer.concat(chunks), keys.ecdh, keys.auth).toString('utf8'));
      into.push({ name, payload, receivedAt, vapidKey, ttl: header(req, 'ttl'), urgency: header(req, 'urgency') });
      return 201;
    } catch (err) {
      this.refused.push({ name, reason: (err as Error).message });
      return 400;
    }
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3-4 with RFC 8188's aes128gcm: one record, padding delimiter 2. */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = hmac(hmac(auth, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record padding delimiter');
  return padded.subarray(0, end);
}

/** `vapid t=<ES256 JWT>, k=<public key>`: the signature, the audience (this origin) and the expiry; answers k. */
function checkVapid(authorization: string, origin: string): string {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error(`not a VAPID authorization: ${authorization.slice(0, 40)}`);
  const [header, claims, signature] = match[1].split('.');
  const raw = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  if (!verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url')))
    throw new Error('bad VAPID signature');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud?: string; exp?: number; sub?: string };
  if (body.aud !== origin) throw new Error(`VAPID audience ${body.aud} is not ${origin}`);
  if (!body.exp || body.exp * 1000 < Date.now() || body.exp * 1000 > Date.now() + 24 * 3600_000) throw new Error('VAPID token expired or too long');
  if (!body.sub?.startsWith('mailto:') && !body.sub?.startsWith('https:')) throw new Error('VAPID subject missing');
  return match[2];
}
