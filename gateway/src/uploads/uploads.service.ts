import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { mediaUrl } from '@curbside/contracts';
import { createLogger, OBJECT_STORAGE, type ObjectStorage } from '@curbside/platform';
import type { Request } from 'express';
import type { ImagePreset } from './image.presets';
import { ImagePipeline, type ProcessedImage } from './image.pipeline';
import { type ImageType, SNIFF_BYTES, sniffImageType } from './image-type.sniffer';
import { readSingleFile } from './multipart-file.reader';
import { UploadErrors } from './uploads.errors';

export interface StoredImage {
  key: string;
  url: string;
  thumbnailKey: string;
  thumbnailUrl: string;
}

/**
 * Receives one image from a multipart request and stores it re-encoded (DESIGN §3): the bytes decide the type, the
 * preset's limit is enforced while the request streams, and nothing is stored unless the whole image decoded.
 */
@Injectable()
export class UploadsService {
  private readonly log = createLogger('uploads');

  constructor(
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly images: ImagePipeline,
  ) {}

  async receiveImage(request: Request, preset: ImagePreset): Promise<StoredImage> {
    const { bytes, head: type } = await readSingleFile(request, {
      field: preset.field,
      maxBytes: preset.maxBytes,
      headBytes: SNIFF_BYTES,
      inspectHead: (head) => this.acceptedType(head),
    });
    const processed = await this.images.process(bytes, type, preset);
    return this.store(processed, preset);
  }

  private acceptedType(head: Buffer): ImageType {
    const type = sniffImageType(head);
    if (!type) throw UploadErrors.notAnImage();
    if (!this.images.canDecode(type)) throw UploadErrors.unsupportedType(type);
    return type;
  }

  private async store({ image, thumbnail }: ProcessedImage, preset: ImagePreset): Promise<StoredImage> {
    const id = randomUUID();
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
