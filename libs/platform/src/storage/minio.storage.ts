import { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type { Client } from 'minio';
import { assertSafeKey, type ObjectStorage, type StoredObject, type StoredObjectInfo } from './object-storage.port';

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
/** S3 error codes that mean "no such object" (HEAD answers without a body, so MinIO's client reports NotFound). */
const MISSING_OBJECT_CODES = new Set(['NoSuchKey', 'NotFound']);
/** Another process (or an earlier run) created the bucket between our check and our create. */
const BUCKET_EXISTS_CODES = new Set(['BucketAlreadyOwnedByYou', 'BucketAlreadyExists']);

export interface MinioStorageOptions {
  endPoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region?: string;
}

/**
 * Distributed-mode object storage on MinIO, or anything else that speaks the S3 API. MinIO's client is loaded at the
 * first use, not with the module: every process imports this adapter through the platform's index, and only the
 * distributed processes that keep photos use it.
 */
export class MinioStorage implements ObjectStorage {
  private connection?: Promise<Client>;
  private readonly bucket: string;
  private readonly region: string | undefined;
  private bucketReady: Promise<void> | null = null;

  constructor(private readonly options: MinioStorageOptions) {
    this.bucket = options.bucket;
    this.region = options.region;
  }

  /** Creates the bucket when absent. Call it at start-up to fail fast; every operation also runs it once, lazily. */
  init(): Promise<void> {
    this.bucketReady ??= this.ensureBucket().catch((error: unknown) => {
      // A server that was down at start-up must not poison every later call.
      this.bucketReady = null;
      throw error;
    });
    return this.bucketReady;
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<StoredObjectInfo> {
    assertSafeKey(key);
    await this.init();
    // Given a stream of unknown length, the MinIO client starts a multipart upload and, if the source stream errors,
    // neither settles nor aborts it (and resumes the stale upload on the next put of that key). Photos are small, so
    // read the whole body first: a failed source then never reaches the server, and the upload is one atomic PUT.
    const data = Buffer.isBuffer(body) ? body : await readAll(body);
    const client = await this.client();
    await client.putObject(this.bucket, key, data, data.length, { 'Content-Type': contentType });
    return { key, size: data.length, contentType };
  }

  async get(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    await this.init();
    const client = await this.client();
    const body = await client.getObject(this.bucket, key).catch(nullIfMissing);
    if (!body) return null;
    // The client hands back the HTTP response itself; its headers describe exactly the version being streamed.
    if (body instanceof IncomingMessage) {
      const length = Number(body.headers['content-length']);
      if (Number.isFinite(length)) {
        return { key, size: length, contentType: body.headers['content-type'] ?? DEFAULT_CONTENT_TYPE, body };
      }
    }
    const info = await this.stat(key);
    if (!info) {
      body.destroy();
      return null;
    }
    return { ...info, body };
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    assertSafeKey(key);
    await this.init();
    const client = await this.client();
    const stat = await client.statObject(this.bucket, key).catch(nullIfMissing);
    if (!stat) return null;
    const contentType: unknown = stat.metaData['content-type'];
    return { key, size: stat.size, contentType: typeof contentType === 'string' ? contentType : DEFAULT_CONTENT_TYPE };
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.init();
    // S3 answers 204 whether or not the object existed, so deleting a missing key is already a no-op.
    const client = await this.client();
    await client.removeObject(this.bucket, key);
  }

  async health(): Promise<void> {
    const client = await this.client();
    if (!(await client.bucketExists(this.bucket))) {
      throw new Error(`Object storage bucket "${this.bucket}" does not exist`);
    }
  }

  private client(): Promise<Client> {
    this.connection ??= import('minio').then(
      ({ Client }) =>
        new Client({
          endPoint: this.options.endPoint,
          port: this.options.port,
          useSSL: this.options.useSSL,
          accessKey: this.options.accessKey,
          secretKey: this.options.secretKey,
          region: this.options.region,
        }),
    );
    return this.connection;
  }

  private async ensureBucket(): Promise<void> {
    const client = await this.client();
    if (await client.bucketExists(this.bucket)) return;
    await client.makeBucket(this.bucket, this.region).catch((error: unknown) => {
      if (!BUCKET_EXISTS_CODES.has(s3ErrorCode(error) ?? '')) throw error;
    });
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    if (typeof chunk === 'string') chunks.push(Buffer.from(chunk));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    else throw new TypeError('Object body streams must yield bytes or strings');
  }
  return Buffer.concat(chunks);
}

function nullIfMissing(error: unknown): null {
  if (MISSING_OBJECT_CODES.has(s3ErrorCode(error) ?? '')) return null;
  throw error;
}

function s3ErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}
