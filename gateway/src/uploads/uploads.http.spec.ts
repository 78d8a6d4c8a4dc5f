import { createHmac, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { CallContract, Calls, DomainError, ErrorCode } from '@curbside/contracts';
import { AppConfig, InMemoryLiveChannel, LocalFolderStorage, OBJECT_STORAGE } from '@curbside/platform';
import sharp from 'sharp';
import { prepareRouting } from '../create-gateway-app';
import { HttpErrorFilter } from '../errors/http-error.filter';
import { readCookies } from '../http/cookies';
import { ServiceClient } from '../http/service-client';
import { MediaController } from '../media/media.controller';
import { MediaService } from '../media/media.service';
import { SessionGuard } from '../session/session.guard';
import { SessionCache } from '../session/session-cache';
import { SESSION_COOKIE } from '../session/session-cookie';
import { ImagePipeline } from './image.pipeline';
import { heicHeader, phoneJpeg, pngImage } from './test-images.fixture';
import { UploadsController } from './uploads.controller';
import { UploadsService } from './uploads.service';

const SECRET = 'test-only-session-secret';
const TOKEN = 'live-session-token';
const USER = '11111111-1111-4111-8111-111111111111';
const MB = 1024 * 1024;
const KEY = /^photos\/[0-9a-f-]{36}\.webp$/;
const NOT_AN_IMAGE = { code: 'UPLOAD.NOT_AN_IMAGE', message: 'Please select an image file.' };

/** Item photos the items service was told of before they were stored, with who sent them; and whether it answers. */
const expected: { photoKey: string; callerId: string }[] = [];
let itemsAnswers = true;

/** The users service, as far as the session guard asks it (one live session), and the items service as the upload tells it. */
const services = {
  call: async (contract: CallContract, body: { token?: string; photoKey?: string }, callerId?: string) => {
    if (contract === Calls.items.expectItemPhoto) {
      if (!itemsAnswers) throw new DomainError(ErrorCode.UNAVAILABLE, 'The items service is unavailable. Please try again.');
      expected.push({ photoKey: body.photoKey ?? '', callerId: callerId ?? '' });
      return { expected: true };
    }
    if (contract !== Calls.users.resolveSession) throw new Error(`unexpected call ${contract.subject}`);
    return { userId: body.token === TOKEN ? USER : null };
  },
};

/** What cookie-parser accepts as signed (the cookie-signature format). */
function sessionCookie(token = TOKEN): string {
  const signature = createHmac('sha256', SECRET).update(token).digest('base64').replace(/=+$/, '');
  return `${SESSION_COOKIE}=${encodeURIComponent(`s:${token}.${signature}`)}`;
}

function form(field: string, bytes: Buffer | string, filename: string, type: string): FormData {
  const body = new FormData();
  body.append(field, new Blob([bytes], { type }), filename);
  return body;
}

describe('POST /api/upload and GET /api/media/*key', () => {
  let app: INestApplication;
  let baseUrl: string;
  let port: number;
  let storageDir: string;
  /** Bytes the server's sockets took off the wire, counted below the HTTP parser. */
  let bytesReceived = 0;

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'curbside-uploads-'));
    @Module({
      controllers: [UploadsController, MediaController],
      providers: [
        ImagePipeline,
        UploadsService,
        MediaService,
        { provide: OBJECT_STORAGE, useValue: new LocalFolderStorage(storageDir) },
        { provide: ServiceClient, useValue: services },
        // Sessions are looked up afresh every time here (no cache), as the users service's stand-in answers them.
        {
          provide: SessionCache,
          useFactory: () => new SessionCache(services as unknown as ServiceClient, new InMemoryLiveChannel(), { SESSION_CACHE_MS: 0 } as AppConfig),
        },
        { provide: APP_GUARD, useClass: SessionGuard },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
      ],
    })
    class UploadsTestModule {}
    const nest = await NestFactory.create<NestFastifyApplication>(UploadsTestModule, new FastifyAdapter({ skipMiddie: true }), {
      bodyParser: false,
      logger: false,
    });
    // As in createGatewayApp: the JSON parser is there too, which proves multipart bodies go past it untouched.
    const server = nest.getHttpAdapter().getInstance();
    prepareRouting(server);
    server.addHook('onRequest', readCookies(SECRET));
    await nest.listen(0, '127.0.0.1');
    app = nest;
    app.getHttpServer().on('connection', (socket: Socket) => socket.on('data', (chunk: Buffer) => (bytesReceived += chunk.length)));
    port = (app.getHttpServer().address() as AddressInfo).port;
    baseUrl = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await app?.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  async function storedKeys(): Promise<string[]> {
    const entries = await readdir(join(storageDir, 'objects'), { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(join(storageDir, 'objects').length + 1));
  }

  async function upload(body: FormData | string, headers: Record<string, string> = { cookie: sessionCookie() }) {
    const response = await fetch(`${baseUrl}/api/upload`, { method: 'POST', body, headers });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  }

  /** A GET whose path goes out exactly as written (fetch would resolve dot segments first). */
  function rawGet(path: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const request = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
      request.end();
    });
  }

  it('stores a phone photo re-encoded and serves it from our origin with long-lived cache headers', async () => {
    const before = await storedKeys();
    const { status, body } = await upload(form('photo', await phoneJpeg(3000, 2000), 'IMG_0001.JPG', 'image/jpeg'));

    expect(status).toBe(200);
    expect(body.imageUrl).toBe(body.url);
    const key = body.url.replace('/api/media/', '');
    expect(key).toMatch(KEY);
    expect(body.thumbnailUrl).toBe(`/api/media/${key.replace('.webp', '-thumb.webp')}`);
    expect((await storedKeys()).filter((k) => !before.includes(k)).sort()).toEqual([key, key.replace('.webp', '-thumb.webp')].sort());

    const image = await fetch(`${baseUrl}${body.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = image.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(Number(image.headers.get('content-length'))).toBe(bytes.length);
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1365, height: 2048 });
    expect(metadata.exif).toBeUndefined();

    const thumbnail = await sharp(Buffer.from(await (await fetch(`${baseUrl}${body.thumbnailUrl}`)).arrayBuffer())).metadata();
    expect(thumbnail).toMatchObject({ format: 'webp', width: 267, height: 400 });

    const revalidated = await fetch(`${baseUrl}${body.url}`, { headers: { 'if-none-match': `W/${etag}, "other"` } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(revalidated.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await revalidated.arrayBuffer()).byteLength).toBe(0);
  });

  it('tells the items service of each photo, with its sender, before storing it; stores nothing when it cannot', async () => {
    const { body } = await upload(form('photo', await pngImage(600, 400), 'table.png', 'image/png'));
    expect(expected.at(-1)).toEqual({ photoKey: body.url.replace('/api/media/', ''), callerId: USER });

    itemsAnswers = false;
    try {
      const before = await storedKeys();
      const refused = await upload(form('photo', await pngImage(600, 400), 'chair.png', 'image/png'));
      expect(refused).toEqual({ status: 503, body: expect.objectContaining({ code: ErrorCode.UNAVAILABLE }) });
      // A photo the items service never heard of would never be deleted: none is kept.
      expect(await storedKeys()).toEqual(before);
    } finally {
      itemsAnswers = true;
    }
  });

  it('goes by the bytes, not the name or the declared type: a PNG named .jpg is a PNG', async () => {
    const { status, body } = await upload(form('photo', await pngImage(800, 600), 'holiday.jpg', 'image/jpeg'));

    expect(status).toBe(200);
    const served = await fetch(`${baseUrl}${body.url}`);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 800, height: 600 });
  });

  describe('refusals store nothing', () => {
    let before: string[];
    beforeEach(async () => {
      before = await storedKeys();
    });
    afterEach(async () => {
      expect(await storedKeys()).toEqual(before);
    });

    it('refuses a text file named .jpg', async () => {
      expect(await upload(form('photo', 'definitely not a photo', 'cat.jpg', 'image/jpeg'))).toEqual({ status: 400, body: NOT_AN_IMAGE });
    });

    it('refuses a form without a file, and a file in another field', async () => {
      const onlyText = new FormData();
      onlyText.append('photo', 'a text field, not a file');
      expect(await upload(onlyText)).toEqual({ status: 400, body: NOT_AN_IMAGE });
      expect(await upload(form('image', await pngImage(40, 30), 'a.png', 'image/png'))).toEqual({
        status: 400,
        body: { code: 'UPLOAD.WRONG_FIELD', message: 'Please select an image file (send it in the multipart field "photo").' },
      });
    });

    it('refuses two files', async () => {
      const two = form('photo', await pngImage(40, 30), 'a.png', 'image/png');
      two.append('photo', new Blob([await pngImage(40, 30)], { type: 'image/png' }), 'b.png');
      expect(await upload(two)).toEqual({ status: 400, body: { code: 'UPLOAD.ONE_FILE_ONLY', message: 'Please select a single image file.' } });
    });

    it('refuses a form with a flood of text fields before the file, saying what to send instead', async () => {
      const flooded = new FormData();
      for (let i = 0; i < 30; i++) flooded.append(`field${i}`, 'x');
      flooded.append('photo', new Blob([await pngImage(40, 30)], { type: 'image/png' }), 'a.png');
      const { status, body } = await upload(flooded);
      expect(status).toBe(400);
      expect(body.message).toBe('Send only the image file in the multipart field "photo" (at most 10 other fields, which are ignored).');
    });

    it('refuses a truncated JPEG as unreadable', async () => {
      const jpeg = await phoneJpeg(600, 400);
      expect(await upload(form('photo', jpeg.subarray(0, jpeg.length >> 1), 'cut.jpg', 'image/jpeg'))).toEqual({
        status: 400,
        body: { code: 'UPLOAD.UNREADABLE', message: 'This image could not be read. Please choose another photo.' },
      });
    });

    it('refuses HEIC when this sharp build cannot decode it', async () => {
      if ((sharp.format.heif.input.fileSuffix ?? []).includes('.heic')) return;
      expect(await upload(form('photo', heicHeader(), 'IMG_0002.HEIC', 'image/heic'))).toEqual({
        status: 400,
        body: { code: 'UPLOAD.UNSUPPORTED_TYPE', message: 'HEIC images are not supported. Please choose a JPEG, PNG or WebP photo.' },
      });
    });

    it('refuses a body that is not multipart', async () => {
      const response = await fetch(`${baseUrl}/api/upload`, {
        method: 'POST',
        body: JSON.stringify({ photo: 'data:image/png;base64,AAAA' }),
        headers: { cookie: sessionCookie(), 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: 'UPLOAD.NOT_MULTIPART', message: 'Please send the image as multipart/form-data in the field "photo".' });
    });

    it('asks for a session', async () => {
      expect(await upload(form('photo', await pngImage(40, 30), 'a.png', 'image/png'), {})).toEqual({
        status: 401,
        body: { code: 'COMMON.UNAUTHENTICATED', message: 'Please sign in first' },
      });
      expect(await upload(form('photo', await pngImage(40, 30), 'a.png', 'image/png'), { cookie: sessionCookie('revoked') })).toMatchObject({
        status: 401,
      });
    });

    it('cuts a 20 MB upload off at 5 MB: answered 413 before the client is done, most of the body never read', async () => {
      const total = 20 * MB;
      const boundary = 'curbside-test-boundary';
      const receivedAtStart = bytesReceived;
      const outcome = await new Promise<{ status: number; body: string; sentWhenAnswered: number; finishedSending: boolean }>((resolve, reject) => {
        const request = httpRequest({
          host: '127.0.0.1',
          port,
          path: '/api/upload',
          method: 'POST',
          agent: false,
          headers: { cookie: sessionCookie(), 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
        let sent = 0;
        let finishedSending = false;
        request.on('response', (response) => {
          const sentWhenAnswered = sent;
          const finished = finishedSending;
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body, sentWhenAnswered, finishedSending: finished }));
        });
        // The server closes the connection while we are still writing; that is the point.
        request.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
        });
        request.write(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
        // A real JPEG start, so the sniffer lets it through and only the size limit can stop it.
        const first = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64 * 1024 - 4, 0x41)]);
        const filler = Buffer.alloc(64 * 1024, 0x41);
        const pump = (): void => {
          while (sent < total && !request.destroyed) {
            const ok = request.write(sent === 0 ? first : filler);
            sent += filler.length;
            if (!ok) {
              request.once('drain', pump);
              return;
            }
          }
          if (!request.destroyed) request.end(`\r\n--${boundary}--\r\n`, () => (finishedSending = true));
        };
        pump();
      });

      expect(outcome.status).toBe(413);
      expect(JSON.parse(outcome.body)).toEqual({ code: 'UPLOAD.TOO_LARGE', message: 'Please select an image smaller than 5MB.' });
      expect(outcome.finishedSending).toBe(false);
      expect(outcome.sentWhenAnswered).toBeLessThan(total);
      // The limit plus what socket buffers hold; far from the 20 MB sent.
      expect(bytesReceived - receivedAtStart).toBeLessThan(12 * MB);
      expect(bytesReceived - receivedAtStart).toBeGreaterThan(5 * MB);
    });
  });

  it('ignores a few text fields beside the file', async () => {
    const withFields = form('photo', await pngImage(40, 30), 'a.png', 'image/png');
    for (let i = 0; i < 10; i++) withFields.append(`field${i}`, 'x');
    expect((await upload(withFields)).status).toBe(200);
  });

  it('accepts a file of exactly the limit and refuses one byte more', async () => {
    const jpeg = await phoneJpeg(300, 200);
    // JPEG decoders stop at the end-of-image marker, so padding after it keeps the photo valid.
    const exactly = Buffer.concat([jpeg, Buffer.alloc(5 * MB - jpeg.length)]);
    expect((await upload(form('photo', exactly, 'a.jpg', 'image/jpeg'))).status).toBe(200);
    expect(await upload(form('photo', Buffer.concat([exactly, Buffer.from([0])]), 'a.jpg', 'image/jpeg'))).toEqual({
      status: 413,
      body: { code: 'UPLOAD.TOO_LARGE', message: 'Please select an image smaller than 5MB.' },
    });
  });

  it('answers 404 for a photo that does not exist, without caching the answer', async () => {
    const response = await fetch(`${baseUrl}/api/media/photos/${randomUUID()}.webp`);

    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'MEDIA.NOT_FOUND', message: 'Photo not found' });
    expect(response.headers.get('cache-control') ?? '').not.toContain('immutable');
    const conditional = await fetch(`${baseUrl}/api/media/photos/${randomUUID()}.webp`, { headers: { 'if-none-match': '*' } });
    expect(conditional.status).toBe(404);
  });

  it.each([
    '/api/media/..%2F..%2Fetc%2Fpasswd',
    '/api/media/%2e%2e/%2e%2e/etc/passwd',
    '/api/media/photos/..%2F..%2Fmeta%2Fphotos',
    '/api/media/photos%2F..%2F..%2F..%2Fetc%2Fhostname',
    '/api/media/tmp/anything.part',
    '/api/media/photos/not-a-generated-key.webp',
    '/api/media/photos/%00.webp',
    '/api/media/',
  ])('answers 404 (never 500) for %s', async (path) => {
    const { status, body } = await rawGet(path);
    expect(status).toBe(404);
    expect(JSON.parse(body)).toHaveProperty('message');
  });
});
