import { createHash } from 'node:crypto';
import { ImageUploadLimits } from '@curbside/contracts';
import { sniffImageType } from '../uploads/image-type.sniffer';
import { UploadErrors } from '../uploads/uploads.errors';

/** The long side a pickup photo is stored at, like an item photo. */
export const PICKUP_PHOTO_SIDE = 2048;

export interface PickupPhoto {
  bytes: Buffer;
  /** What the bytes say they are (the sniffer), which the decoder must agree with before the photo is stored. */
  type: 'jpeg' | 'png' | 'webp';
  /** SHA-256 of the bytes: what ties a claim to the photo that passed validation. */
  hash: string;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The pickup photo of validate-pickup and claim: base64 (a data: prefix is tolerated), an image, at most 5 MB. */
export function decodePickupPhoto(base64: string): PickupPhoto {
  const payload = base64.replace(/^data:[^;,]+;base64,/, '').replace(/\s/g, '');
  if (!BASE64.test(payload)) throw UploadErrors.notAnImage();
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > ImageUploadLimits.itemPhoto.maxBytes) throw UploadErrors.tooLarge(ImageUploadLimits.itemPhoto.maxBytes);
  const type = sniffImageType(bytes.subarray(0, 64));
  if (!type) throw UploadErrors.notAnImage();
  if (type !== 'jpeg' && type !== 'png' && type !== 'webp') throw UploadErrors.unsupportedType(type);
  return { bytes, type, hash: createHash('sha256').update(bytes).digest('hex') };
}
