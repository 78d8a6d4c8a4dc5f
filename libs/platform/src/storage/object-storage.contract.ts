import { Readable } from 'node:stream';
import type { ObjectStorage, StoredObject } from './object-storage.port';

export interface ObjectStorageContractSubject {
  storage: ObjectStorage;
  teardown(): Promise<void>;
}

/** What every ObjectStorage adapter must do the same way; each adapter's spec runs this against a real backend. */
export function describeObjectStorageContract(name: string, setup: () => Promise<ObjectStorageContractSubject>): void {
  describe(`ObjectStorage contract: ${name}`, () => {
    let subject: ObjectStorageContractSubject;
    let storage: ObjectStorage;

    beforeEach(async () => {
      subject = await setup();
      storage = subject.storage;
    });

    afterEach(async () => {
      await subject.teardown();
    });

    it('stores a buffer and reads back its bytes, size and content type', async () => {
      const bytes = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0x02]);

      const info = await storage.put('items/abc/photo.jpg', bytes, 'image/jpeg');

      expect(info).toEqual({ key: 'items/abc/photo.jpg', size: bytes.length, contentType: 'image/jpeg' });
      const stored = await storage.get('items/abc/photo.jpg');
      expect(stored).toMatchObject({ key: 'items/abc/photo.jpg', size: bytes.length, contentType: 'image/jpeg' });
      expect(await readBody(bodyOf(stored))).toEqual(bytes);
    });

    it('stores a stream of several chunks', async () => {
      const chunks = [Buffer.alloc(64 * 1024, 1), Buffer.alloc(10, 2), Buffer.alloc(3000, 3)];
      const expected = Buffer.concat(chunks);

      const info = await storage.put('stream.bin', Readable.from(chunks), 'application/octet-stream');

      expect(info).toEqual({ key: 'stream.bin', size: expected.length, contentType: 'application/octet-stream' });
      const stored = await storage.get('stream.bin');
      expect(stored?.size).toBe(expected.length);
      expect(await readBody(bodyOf(stored))).toEqual(expected);
    });

    it('stores an empty object', async () => {
      await storage.put('empty.txt', Buffer.alloc(0), 'text/plain');

      const stored = await storage.get('empty.txt');
      expect(stored).toMatchObject({ size: 0, contentType: 'text/plain' });
      expect((await readBody(bodyOf(stored))).length).toBe(0);
    });

    it('stats an object without reading it', async () => {
      await storage.put('stat/me.png', Buffer.from('png-ish'), 'image/png');

      expect(await storage.stat('stat/me.png')).toEqual({ key: 'stat/me.png', size: 7, contentType: 'image/png' });
    });

    it('overwrites bytes and content type', async () => {
      await storage.put('over.dat', Buffer.from('first version, longer'), 'text/plain');

      await storage.put('over.dat', Buffer.from('second'), 'image/webp');

      const stored = await storage.get('over.dat');
      expect(stored).toMatchObject({ size: 6, contentType: 'image/webp' });
      expect((await readBody(bodyOf(stored))).toString()).toBe('second');
      expect(await storage.stat('over.dat')).toEqual({ key: 'over.dat', size: 6, contentType: 'image/webp' });
    });

    it('deletes an object, and deleting a missing one is a no-op', async () => {
      await storage.put('gone/soon.jpg', Buffer.from('x'), 'image/jpeg');

      await storage.delete('gone/soon.jpg');

      expect(await storage.get('gone/soon.jpg')).toBeNull();
      expect(await storage.stat('gone/soon.jpg')).toBeNull();
      await expect(storage.delete('gone/soon.jpg')).resolves.toBeUndefined();
      await expect(storage.delete('never/there.jpg')).resolves.toBeUndefined();
    });

    it('answers null for a missing key', async () => {
      expect(await storage.get('missing/key.jpg')).toBeNull();
      expect(await storage.stat('missing/key.jpg')).toBeNull();
    });

    it.each(['../escape.jpg', 'a/../../b', '/absolute', 'double//slash', '.hidden', 'space in key', ''])(
      'rejects the unsafe key %j in every operation',
      async (key) => {
        await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe object key/i);
        await expect(storage.get(key)).rejects.toThrow(/unsafe object key/i);
        await expect(storage.stat(key)).rejects.toThrow(/unsafe object key/i);
        await expect(storage.delete(key)).rejects.toThrow(/unsafe object key/i);
      },
    );

    it('stores nothing when the source stream fails mid-way', async () => {
      await expect(storage.put('broken.jpg', failingStream(), 'image/jpeg')).rejects.toThrow('camera unplugged');

      expect(await storage.stat('broken.jpg')).toBeNull();
      expect(await storage.get('broken.jpg')).toBeNull();
    });

    it('keeps the previous version when an overwrite fails mid-way', async () => {
      await storage.put('keep.jpg', Buffer.from('good bytes'), 'image/jpeg');

      await expect(storage.put('keep.jpg', failingStream(), 'image/png')).rejects.toThrow('camera unplugged');

      const stored = await storage.get('keep.jpg');
      expect(stored).toMatchObject({ size: 10, contentType: 'image/jpeg' });
      expect((await readBody(bodyOf(stored))).toString()).toBe('good bytes');
    });

    it('reports healthy', async () => {
      await expect(storage.health()).resolves.toBeUndefined();
    });
  });
}

/** Yields some bytes, then fails the way a dropped upload connection does. */
function failingStream(): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.alloc(32 * 1024, 7);
      await new Promise((resolve) => setImmediate(resolve));
      throw new Error('camera unplugged');
    })(),
  );
}

function bodyOf(stored: StoredObject | null): Readable {
  if (!stored) throw new Error('Expected a stored object, got null');
  return stored.body;
}

async function readBody(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  }
  return Buffer.concat(chunks);
}
