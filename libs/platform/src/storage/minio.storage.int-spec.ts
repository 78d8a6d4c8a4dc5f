import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MinioStorage, type MinioStorageOptions } from './minio.storage';
import { describeObjectStorageContract } from './object-storage.contract';

/** The part of s3rver (a fake S3 server; it ships no type declarations) that these tests use. */
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: { address: string; port: number; directory: string; silent: boolean }) => S3rverServer;

// An untyped CommonJS module, typed by the interface above.
const S3rver = require('s3rver') as S3rverConstructor;

/** The part of s3rver's file store that the mend below wraps. */
interface S3rverFileStore {
  putObject(object: { bucket: string; key: string }): Promise<{ size: number; md5: string }>;
  getResourcePath(bucket: string, key: string, resource: string): string;
}
const fileStore = (require('s3rver/lib/stores/filesystem') as { prototype: S3rverFileStore }).prototype;

/**
 * s3rver answers a PUT of a small body before its bytes reach the file (it resolves when it has handed them to the
 * write stream, not when the stream has finished), so a GET right after an overwrite could read the old object's
 * size. The test server waits until the file holds what was put; the contract itself stays as strict as for MinIO.
 */
const putObject = fileStore.putObject;
fileStore.putObject = async function (this: S3rverFileStore, object) {
  const put = await putObject.call(this, object);
  const file = this.getResourcePath(object.bucket, object.key, 'object');
  // A new key's file may not even exist yet.
  const written = async () =>
    createHash('md5')
      .update(await readFile(file).catch(() => Buffer.from('not there yet')))
      .digest('hex') === put.md5;
  for (let tries = 0; tries < 200 && !(await written()); tries++) await new Promise((resolve) => setTimeout(resolve, 5));
  return put;
};

let server: S3rverServer;
let serverDir: string;
let port: number;

beforeAll(async () => {
  serverDir = await mkdtemp(join(tmpdir(), 'curbside-s3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, directory: serverDir, silent: true });
  ({ port } = await server.run());
});

afterAll(async () => {
  await server?.close();
  await rm(serverDir, { recursive: true, force: true });
});

function options(bucket = `curbside-${randomUUID()}`): MinioStorageOptions {
  // s3rver accepts only its fixed development credentials.
  return { endPoint: '127.0.0.1', port, useSSL: false, accessKey: 'S3RVER', secretKey: 'S3RVER', bucket };
}

describeObjectStorageContract(MinioStorage.name, async () => {
  const storage = new MinioStorage(options());
  await storage.init();
  return { storage, teardown: async () => undefined };
});

describe(MinioStorage.name, () => {
  it('creates its bucket on first use when init() was never called', async () => {
    const sut = new MinioStorage(options());

    await sut.put('lazy.txt', Buffer.from('hi'), 'text/plain');

    await expect(sut.health()).resolves.toBeUndefined();
    expect(await sut.stat('lazy.txt')).toEqual({ key: 'lazy.txt', size: 2, contentType: 'text/plain' });
  });

  it('shares a bucket another instance already created', async () => {
    const bucket = `curbside-${randomUUID()}`;
    await new MinioStorage(options(bucket)).init();

    await expect(new MinioStorage(options(bucket)).init()).resolves.toBeUndefined();
  });

  it('reports unhealthy while its bucket does not exist', async () => {
    const sut = new MinioStorage(options());

    await expect(sut.health()).rejects.toThrow(/does not exist/);
  });

  it('reports unhealthy when the server cannot be reached', async () => {
    const sut = new MinioStorage({ ...options(), port: 1 });

    await expect(sut.health()).rejects.toThrow();
  });
});
