import type { PhotoValidationResult } from '@curbside/contracts';
import sharp from 'sharp';

/** Bigger than any phone photo; refuses decompression bombs before libvips allocates them. */
export const MAX_INPUT_PIXELS = 50_000_000;
const MIN_SIDE_PX = 64;
/** Standard deviation (0..255) under which every channel counts as one flat colour. */
const FLAT_STDEV = 6;
/** Mean brightness (0..255) under which a photo is too dark to show anything. */
const DARK_MEAN = 14;

export type PhotoInspection = { checkable: true; width: number; height: number } | { checkable: false; result: PhotoValidationResult };

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
  let channels: sharp.ChannelStats[];
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const metadata = await image.metadata();
    width = metadata.autoOrient?.width ?? metadata.width ?? 0;
    height = metadata.autoOrient?.height ?? metadata.height ?? 0;
    // Statistics of a small copy: the verdict does not need every pixel, and a truncated file fails here too.
    const small = await image
      .flatten({ background: '#ffffff' })
      .resize(128, 128, { fit: 'inside' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
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
  return { checkable: true, width, height };
}
