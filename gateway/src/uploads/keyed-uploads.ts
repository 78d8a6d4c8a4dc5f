import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { DomainError, IDEMPOTENCY_KEY_TTL_HOURS, IdempotencyError, IdempotencyMessages } from '@curbside/contracts';
import { createLogger, type ObjectStorage } from '@curbside/platform';

/** What a keyed upload stored: the two objects an answer names. */
export interface KeyedUploadResult {
  key: string;
  thumbnailKey: string;
}

/** Kept beside a keyed upload's objects (never served: outside the folders GET /api/media reads). */
interface UploadRecord {
  requestHash: string;
  key: string;
  thumbnailKey: string;
  storedAt: string;
}

const TTL_MS = IDEMPOTENCY_KEY_TTL_HOURS * 3600 * 1000;

/**
 * Uploads under an Idempotency-Key, with no database at the gateway: the stored image's id is derived from the
 * caller, the key and the file's hash, so a repeat stores the same bytes under the same name and answers the same
 * URLs; a record object keeps the file's hash for a day, so another file under the same key is refused (422).
 * Concurrent repeats in this process share the first one's work. The name depends on the file too, so a key
 * reused after a day for another file never overwrites an image that browsers keep for a year.
 */
export class KeyedUploads {
  private readonly log = createLogger('uploads');
  private readonly running = new Map<string, { requestHash: string; result: Promise<KeyedUploadResult> }>();

  constructor(
    private readonly storage: ObjectStorage,
    private readonly now: () => number = Date.now,
  ) {}

  /** `store(id)` processes and stores the image under that id, returning its keys. */
  run(caller: { callerId: string; key: string }, folder: string, bytes: Buffer, store: (id: string) => Promise<KeyedUploadResult>): Promise<KeyedUploadResult> {
    const slot = sha256(caller.callerId, caller.key);
    const requestHash = sha256(folder, bytes);
    const running = this.running.get(slot);
    if (running) {
      if (running.requestHash !== requestHash) return Promise.reject(keyReused());
      return running.result;
    }
    const result = this.runFirst(slot, requestHash, store);
    this.running.set(slot, { requestHash, result });
    const forget = () => this.running.delete(slot);
    result.then(forget, forget);
    return result;
  }

  private async runFirst(slot: string, requestHash: string, store: (id: string) => Promise<KeyedUploadResult>): Promise<KeyedUploadResult> {
    const recordKey = `idempotency/uploads/${slot}.json`;
    const record = await this.readRecord(recordKey);
    if (record && this.now() - Date.parse(record.storedAt) < TTL_MS) {
      if (record.requestHash !== requestHash) throw keyReused();
      if (await this.storage.stat(record.key)) return { key: record.key, thumbnailKey: record.thumbnailKey };
    }
    const stored = await store(uuidFrom(sha256(slot, requestHash)));
    const fresh: UploadRecord = { requestHash, ...stored, storedAt: new Date(this.now()).toISOString() };
    // Without its record a repeat still lands on the same name (and answer); only another file under the key
    // would then go through, so a failure here is logged, not answered.
    await this.storage
      .put(recordKey, Buffer.from(JSON.stringify(fresh)), 'application/json')
      .catch((err: unknown) => this.log.error({ err, recordKey }, 'could not keep the record of a keyed upload'));
    return stored;
  }

  private async readRecord(recordKey: string): Promise<UploadRecord | null> {
    const stored = await this.storage.get(recordKey);
    if (!stored) return null;
    const text = await readAll(stored.body);
    try {
      return JSON.parse(text) as UploadRecord;
    } catch {
      return null;
    }
  }
}

function keyReused(): DomainError {
  return new DomainError(IdempotencyError.KEY_REUSED, IdempotencyMessages.keyReused);
}

function sha256(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
}

/** A UUID (version 8: custom data) made of a hash, so the media routes' id pattern accepts it. */
function uuidFrom(hex: string): string {
  const h = `${hex.slice(0, 12)}8${hex.slice(13, 16)}${((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 32)}`;
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

async function readAll(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}
