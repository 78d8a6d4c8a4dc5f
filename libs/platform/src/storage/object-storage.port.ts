import type { Readable } from 'node:stream';

/** Binary objects (photos): MinIO (S3 API) in distributed mode, a local folder in embedded mode. */
export interface StoredObjectInfo {
  key: string;
  size: number;
  contentType: string;
}

export interface StoredObject extends StoredObjectInfo {
  body: Readable;
}

export interface ObjectStorage {
  put(key: string, body: Buffer | Readable, contentType: string): Promise<StoredObjectInfo>;
  /** Null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  stat(key: string): Promise<StoredObjectInfo | null>;
  delete(key: string): Promise<void>;
  health(): Promise<void>;
}

/** Keys are ours (generated), but a key that could escape a folder or bucket is refused everywhere. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]{0,254}$/.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`Unsafe object key: ${key}`);
  }
}
