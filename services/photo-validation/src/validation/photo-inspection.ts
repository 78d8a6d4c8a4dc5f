import type { PhotoValidationResult } from '@curbside/contracts';
import sharp from 'sharp';
import { decodeRgb, DECODED_SIDE, MAX_INPUT_PIXELS, type RgbImage, sharpOf } from './rgb-image';

const MIN_SIDE_PX = 64;
/** Standard deviation (0..255) under which every channel counts as one flat colour. */
const FLAT_STDEV = 6;
/** Mean brightness (0..255) under which a photo is too dark to show anything. */
const DARK_MEAN = 14;

export type PhotoInspection =
  /** `pixels`: the photo upright, on white, its long side at most DECODED_SIDE, for the steps after (decoded once). */
  { checkable: true; width: number; height: number; pixels: RgbImage } | { checkable: false; result: PhotoValidationResult };

function notCheckable(reason: string, confidence: number): PhotoInspection {
  return { checkable: false, result: { isValid: false, confidence, reason } };
}

/**
 * What no validator needs to look at: bytes that are not an image we can decode, a thumbnail, a blank or black
 * frame. Each is the photo's fault, so it gets an invalid answer (never a retry), and the adapters, the OpenAI
 * one included, only ever see photos worth checking.
 */
export async function inspectPhoto(bytes: Buffer): Promise<PhotoInspection> {
  let width: number;
  let height: number;
  let pixels: RgbImage;
  let channels: sharp.ChannelStats[];
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).metadata();
    width = metadata.autoOrient?.width ?? metadata.width ?? 0;
    height = metadata.autoOrient?.height ?? metadata.height ?? 0;
    // A truncated file fails here too.
    pixels = await decodeRgb(bytes, DECODED_SIDE);
    // Statistics of a small copy: the verdict does not need every pixel.
    const small = await sharpOf(pixels).resize(128, 128, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true });
    channels = (await sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: small.info.channels } }).stats()).channels;
  } catch {
    return notCheckable('The file is not a photo we can read: please upload a JPEG, PNG or WebP image.', 1);
  }
  if (Math.min(width, height) < MIN_SIDE_PX) {
    return notCheckable(`The photo is too small to check (at least ${MIN_SIDE_PX} pixels a side): please take a real photo of the item.`, 0.9);
  }
  const mean = channels.reduce((sum, c) => sum + c.mean, 0) / channels.length;
  if (channels.every((c) => c.stdev < FLAT_STDEV)) {
    return notCheckable(
      mean < DARK_MEAN
        ? 'The photo is completely dark: nothing can be seen in it. Please take the photo again with more light.'
        : 'The photo is blank (one flat colour): it does not show the item. Please take a photo of the item.',
      0.9,
    );
  }
  return { checkable: true, width, height, pixels };
}
