import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rmdir, stat, unlink, writeFile, access, constants } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type ObjectStorage, type StoredObject, type StoredObjectInfo } from './object-storage.port';

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

interface ObjectMeta {
  contentType: string;
}

/**
 * Embedded-mode object storage: one file per object under `<root>/objects`, its content type in
 * `<root>/meta/<key>.json`. Data and metadata live in separate trees so no key can collide with
 * another key's sidecar. Every write lands in `<root>/tmp` first and is renamed into place, so a
 * reader never sees half an object and a failed upload leaves nothing behind.
 */
export class LocalFolderStorage implements ObjectStorage {
  private readonly objectsDir: string;
  private readonly metaDir: string;
  private readonly tmpDir: string;

  constructor(private readonly rootDir: string) {
    this.objectsDir = join(rootDir, 'objects');
    this.metaDir = join(rootDir, 'meta');
    this.tmpDir = join(rootDir, 'tmp');
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<StoredObjectInfo> {
    assertSafeKey(key);
    await mkdir(this.tmpDir, { recursive: true });
    const tmpData = this.tmpPath();
    const tmpMeta = this.tmpPath();
    try {
      await writeDurably(tmpData, body);
      const meta: ObjectMeta = { contentType };
      await writeDurably(tmpMeta, Buffer.from(JSON.stringify(meta)));
      const { size } = await stat(tmpData);
      const dataPath = this.dataPath(key);
      const metaPath = this.metaPath(key);
      await mkdir(dirname(dataPath), { recursive: true });
      await mkdir(dirname(metaPath), { recursive: true });
      // Meta first: once the data file appears (the object "exists"), its content type is already there.
      await rename(tmpMeta, metaPath);
      await rename(tmpData, dataPath);
      return { key, size, contentType };
    } finally {
      // After a successful put both temp files were renamed away; after a failure this removes the partial upload.
      await Promise.all([removeIfPresent(tmpData), removeIfPresent(tmpMeta)]);
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    const handle = await openIfPresent(this.dataPath(key));
    if (!handle) return null;
    let handedOver = false;
    try {
      // The open handle pins this version of the file, so a concurrent overwrite or delete cannot change what we stream.
      const fileStat = await handle.stat();
      if (!fileStat.isFile()) return null;
      const contentType = await this.readContentType(key);
      // The stream owns the handle from here and closes it when it ends, errors or is destroyed.
      const body = handle.createReadStream();
      handedOver = true;
      return { key, size: fileStat.size, contentType, body };
    } finally {
      if (!handedOver) await handle.close();
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    assertSafeKey(key);
    const fileStat = await stat(this.dataPath(key)).catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (!fileStat?.isFile()) return null;
    return { key, size: fileStat.size, contentType: await this.readContentType(key) };
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    // Data first: the object is gone as soon as its data file is, whatever happens to the sidecar.
    await removeIfPresent(this.dataPath(key));
    await removeIfPresent(this.metaPath(key));
    await Promise.all([pruneEmptyDirs(dirname(this.dataPath(key)), this.objectsDir), pruneEmptyDirs(dirname(this.metaPath(key)), this.metaDir)]);
  }

  async health(): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
    await access(this.tmpDir, constants.W_OK);
  }

  private dataPath(key: string): string {
    return join(this.objectsDir, key);
  }

  private metaPath(key: string): string {
    return join(this.metaDir, `${key}.json`);
  }

  private tmpPath(): string {
    return join(this.tmpDir, `${randomUUID()}.part`);
  }

  private async readContentType(key: string): Promise<string> {
    const raw = await readFile(this.metaPath(key), 'utf8').catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    // A data file without a readable sidecar (copied in by hand, or a crash between the two renames) is still served.
    if (raw === null) return DEFAULT_CONTENT_TYPE;
    const parsed = parseJson(raw);
    if (typeof parsed === 'object' && parsed !== null && 'contentType' in parsed && typeof parsed.contentType === 'string') {
      return parsed.contentType;
    }
    return DEFAULT_CONTENT_TYPE;
  }
}

/** Writes and fsyncs, so the rename that follows publishes bytes that are on disk, not an empty file after a crash. */
async function writeDurably(path: string, body: Buffer | Readable): Promise<void> {
  if (Buffer.isBuffer(body)) {
    await writeFile(path, body, { flag: 'wx' });
  } else {
    await pipeline(body, createWriteStream(path, { flags: 'wx' }));
  }
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function openIfPresent(path: string): Promise<FileHandle | null> {
  return open(path, 'r').catch((error: unknown) => {
    if (isMissing(error)) return null;
    throw error;
  });
}

async function removeIfPresent(path: string): Promise<void> {
  await unlink(path).catch((error: unknown) => {
    if (!isMissing(error)) throw error;
  });
}

/** Removes directories left empty by a delete, up to (not including) `stopAt`; a racing put simply wins. */
async function pruneEmptyDirs(dir: string, stopAt: string): Promise<void> {
  let current = dir;
  while (current.startsWith(stopAt) && current !== stopAt) {
    const removed = await rmdir(current).then(
      () => true,
      () => false,
    );
    if (!removed) return;
    current = dirname(current);
  }
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    // A torn or hand-edited sidecar must not make the object itself unreadable.
    return null;
  }
}

function isMissing(error: unknown): boolean {
  // Structural, not instanceof: errors from Node's core can come from another realm (Jest's sandbox, for one).
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  // ENOTDIR: part of the key's path is a file (key "a/b" when object "a" exists), so this key cannot exist either.
  return code === 'ENOENT' || code === 'ENOTDIR';
}
