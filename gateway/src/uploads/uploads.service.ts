import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { mediaUrl, storedImageKeys } from '@curbside/contracts';
import { createLogger, deleteStoredObjects, OBJECT_STORAGE, type ObjectStorage } from '@curbside/platform';
import type { ImagePreset } from './image.presets';
import { ImagePipeline, type ProcessedImage } from './image.pipeline';
import { type ImageType, SNIFF_BYTES, sniffImageType } from './image-type.sniffer';
import { readSingleFile, type Upload } from './multipart-file.reader';
import { KeyedUploads } from './keyed-uploads';
import { UploadErrors } from './uploads.errors';

export interface StoredImage {
  key: string;
  url: string;
  thumbnailKey: string;
  thumbnailUrl: string;
}

export interface ReceiveOptions {
  idempotency?: { callerId: string; key: string };
  beforeStore?: (key: string) => Promise<unknown>;
}

/**
 * Receives one image from a multipart request and stores it re-encoded (docs/security.md): the bytes decide the type, the
 * preset's limit is enforced while the request streams, and nothing is stored unless the whole image decoded.
 */
@Injectable()
export class UploadsService {
  private readonly log = createLogger('uploads');
  private readonly keyed: KeyedUploads;

  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly images: ImagePipeline,
  ) {
    this.keyed = new KeyedUploads(storage);
  }

  /**
   * With an Idempotency-Key, a repeat of the same file answers the same URLs and stores nothing new (keyed-uploads.ts).
   * `beforeStore` is told the image's key once it decoded and before anything is stored (the items service notes an
   * item photo there, to delete it if no post shows it); when it fails, nothing is stored.
   */
  async receiveImage(upload: Upload, preset: ImagePreset, options: ReceiveOptions = {}): Promise<StoredImage> {
    const { bytes, head: type } = await readSingleFile(upload, {
      field: preset.field,
      maxBytes: preset.maxBytes,
      headBytes: SNIFF_BYTES,
      inspectHead: (head) => this.acceptedType(head),
    });
    const store = async (id: string) => {
      const processed = await this.images.process(bytes, type, preset);
      await options.beforeStore?.(`${preset.keyPrefix}/${id}.webp`);
      return this.store(processed, preset, id);
    };
    if (!options.idempotency) return store(randomUUID());
    const { key, thumbnailKey } = await this.keyed.run(options.idempotency, preset.keyPrefix, bytes, store);
    return { key, url: mediaUrl(key), thumbnailKey, thumbnailUrl: mediaUrl(thumbnailKey) };
  }

  /**
   * Deletes an image this service stored under the preset's folder, with its thumbnail, once nothing shows it (a
   * replaced profile picture); best effort: a failure is logged and the files stay.
   */
  async forget(url: string | null, preset: ImagePreset): Promise<void> {
    await deleteStoredObjects(this.storage, storedImageKeys(url, preset.keyPrefix));
  }

  private acceptedType(head: Buffer): ImageType {
    const type = sniffImageType(head);
    if (!type) throw UploadErrors.notAnImage();
    if (!this.images.canDecode(type)) throw UploadErrors.unsupportedType(type);
    return type;
  }

  private async store({ image, thumbnail }: ProcessedImage, preset: ImagePreset, id: string): Promise<StoredImage> {
    const key = `${preset.keyPrefix}/${id}.webp`;
    const thumbnailKey = `${preset.keyPrefix}/${id}-thumb.webp`;
    const results = await Promise.allSettled([
      this.storage.put(key, image.data, image.contentType),
      this.storage.put(thumbnailKey, thumbnail.data, thumbnail.contentType),
    ]);
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) {
      // An image without its thumbnail (or the reverse) is never referenced by anyone: take back what did land.
      await Promise.allSettled([this.storage.delete(key), this.storage.delete(thumbnailKey)]);
      this.log.error({ err: failure.reason, key }, 'storing an uploaded image failed');
      throw UploadErrors.storageUnavailable();
    }
    return { key, url: mediaUrl(key), thumbnailKey, thumbnailUrl: mediaUrl(thumbnailKey) };
  }
}
