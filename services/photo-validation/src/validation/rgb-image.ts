import sharp from 'sharp';

/** Bigger than any phone photo; refuses decompression bombs before libvips allocates them. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** 8-bit RGB pixels, row by row, as the models take them. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * Decodes, applies the EXIF orientation (a phone photo held upright must reach the model upright), puts any
 * transparency on white and shrinks the long side to `maxSide`: the detectors work at 256–512 px anyway, and
 * decoding a 12 MP photo at full size would cost more than the models do.
 */
export async function decodeRgb(bytes: Buffer, maxSide: number): Promise<RgbImage> {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`Expected 3 colour channels after decoding, got ${info.channels}`);
  return rgbImage(data, info);
}

/** The long side a checked photo is decoded to once (inspectPhoto), for every step after: no step needs more. */
export const DECODED_SIDE = 1024;

/** Already decoded pixels with the long side shrunk to `maxSide` (the same pixels when they are no larger). */
export async function shrinkRgb(image: RgbImage, maxSide: number): Promise<RgbImage> {
  if (Math.max(image.width, image.height) <= maxSide) return image;
  const { data, info } = await sharpOf(image).resize(maxSide, maxSide, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true });
  return rgbImage(data, info);
}

/** A photo's pixels, long side at most `maxSide`: decoded from its bytes (decodeRgb), or from pixels decoded already. */
export function rgbAtMost(photo: Buffer | RgbImage, maxSide: number): Promise<RgbImage> {
  return Buffer.isBuffer(photo) ? decodeRgb(photo, maxSide) : shrinkRgb(photo, maxSide);
}

/** Decoded pixels as a sharp pipeline's input. */
export function sharpOf(image: RgbImage): sharp.Sharp {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
}

function rgbImage(data: Buffer, info: sharp.OutputInfo): RgbImage {
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}
