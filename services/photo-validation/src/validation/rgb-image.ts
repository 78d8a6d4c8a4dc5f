import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from './photo-inspection';

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
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}
