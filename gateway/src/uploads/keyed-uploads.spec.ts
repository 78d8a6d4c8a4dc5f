import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IdempotencyError, MEDIA_KEY_PATTERN } from '@curbside/contracts';
import { LocalFolderStorage } from '@curbside/platform';
import { KeyedUploads } from './keyed-uploads';

const DAY = 24 * 3600 * 1000;

describe(KeyedUploads.name, () => {
  let dir: string;
  let storage: LocalFolderStorage;
  let now: number;
  let sut: KeyedUploads;
  let stores: string[];

  const store = async (id: string) => {
    stores.push(id);
    const key = `photos/${id}.webp`;
    const thumbnailKey = `photos/${id}-thumb.webp`;
    await storage.put(key, Buffer.from('image'), 'image/webp');
    await storage.put(thumbnailKey, Buffer.from('thumb'), 'image/webp');
    return { key, thumbnailKey };
  };
  const alice = (key: string) => ({ callerId: 'alice', key });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'keyed-uploads-'));
    storage = new LocalFolderStorage(dir);
    now = Date.parse('2026-11-24T12:00:00Z');
    sut = new KeyedUploads(storage, () => now);
    stores = [];
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('answers a repeat of the same file with the same servable keys, storing it once', async () => {
    const first = await sut.run(alice('k1'), 'photos', Buffer.from('file'), store);
    const again = await sut.run(alice('k1'), 'photos', Buffer.from('file'), store);

    expect(again).toEqual(first);
    expect(first.key).toMatch(MEDIA_KEY_PATTERN);
    expect(first.thumbnailKey).toMatch(MEDIA_KEY_PATTERN);
    expect(stores).toHaveLength(1);
  });

  it('shares one store between 20 concurrent repeats', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => sut.run(alice('k1'), 'photos', Buffer.from('file'), store)));

    expect(new Set(answers.map((a) => a.key)).size).toBe(1);
    expect(stores).toHaveLength(1);
  });

  it('refuses another file under the same key (422), at once and later', async () => {
    const first = sut.run(alice('k1'), 'photos', Buffer.from('file'), store);
    await expect(sut.run(alice('k1'), 'photos', Buffer.from('other'), store)).rejects.toMatchObject({ code: IdempotencyError.KEY_REUSED });
    await first;
    await expect(sut.run(alice('k1'), 'photos', Buffer.from('other'), store)).rejects.toMatchObject({ code: IdempotencyError.KEY_REUSED });
    expect(stores).toHaveLength(1);
  });

  it('keeps callers apart, and lets a key be used again for another file after a day, under a new name', async () => {
    const mine = await sut.run(alice('k1'), 'photos', Buffer.from('file'), store);
    const theirs = await sut.run({ callerId: 'bob', key: 'k1' }, 'photos', Buffer.from('file'), store);
    expect(theirs.key).not.toBe(mine.key);

    now += DAY + 1;
    const later = await sut.run(alice('k1'), 'photos', Buffer.from('other'), store);
    expect(later.key).not.toBe(mine.key);
  });

  it('lets a retry run when the first try failed before anything was kept', async () => {
    await expect(sut.run(alice('k1'), 'photos', Buffer.from('file'), () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');

    expect((await sut.run(alice('k1'), 'photos', Buffer.from('other'), store)).key).toMatch(MEDIA_KEY_PATTERN);
  });
});
