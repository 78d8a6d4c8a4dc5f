import { Injectable } from '@nestjs/common';
import { createLogger } from '@curbside/platform';
import sharp, { type Sharp } from 'sharp';
import type { ImageType } from './image-type.sniffer';
import { UploadErrors } from './uploads.errors';

export interface EncodedImage {
  data: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
}

export interface ProcessedImage {
  image: EncodedImage;
  thumbnail: EncodedImage;
}

export interface ImageSizes {
  /** Long side of the image, in pixels. */
  maxSide: number;
  /** Long side of the thumbnail, in pixels. */
  thumbnailSide: number;
}

/**
 * A decompression bomb (a few kilobytes of PNG that decode to gigapixels) is refused from its header, before any
 * pixel is decoded. 50 MP holds the largest phone sensors' full-resolution photos (8160 × 6120); we keep at
 * most 1,600 px on a side, so anything bigger is only CPU spent on pixels thrown away.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
const WEBP_QUALITY = 80;
const log = createLogger('image-pipeline');

/** The name sharp reports for what the sniffer found: AVIF and HEIC both come through libheif. */
const SHARP_FORMAT: Record<ImageType, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'heif', heic: 'heif' };
/** What sharp lists among its heif loader's suffixes when the installed libheif can decode that codec. */
const HEIF_SUFFIX: Partial<Record<ImageType, string>> = { avif: '.avif', heic: '.heic' };

/**
 * Turns an uploaded image into one we are willing to serve: decoded (which proves it is an image), turned upright
 * from its EXIF orientation, scaled down, and re-encoded as WebP. sharp writes no metadata unless asked, so EXIF,
 * GPS, XMP and camera details never leave this class; colours are converted to sRGB on the way.
 */
@Injectable()
export class ImagePipeline {
  /** JPEG, PNG and WebP always; AVIF and HEIC only when this build of sharp can decode them (prebuilt sharp has no HEVC). */
  canDecode(type: ImageType): boolean {
    const suffix = HEIF_SUFFIX[type];
    if (!suffix) return true;
    const heif = sharp.format.heif;
    return heif.input.buffer && (heif.input.fileSuffix ?? []).includes(suffix);
  }

  async process(input: Buffer, type: ImageType, sizes: ImageSizes): Promise<ProcessedImage> {
    // Decoded once: the image and its thumbnail are both encoded from the same pixels.
    const pixels = await this.decodeUpright(input, type, sizes.maxSide);
    const [image, thumbnail] = await Promise.all([
      this.encode(pixels()),
      this.encode(pixels().resize({ width: sizes.thumbnailSide, height: sizes.thumbnailSide, fit: 'inside', withoutEnlargement: true })),
    ]);
    return { image, thumbnail };
  }

  /**
   * One image, re-encoded as `process` does it but without a thumbnail: for a photo kept privately and shown to one
   * member (a pickup photo to the poster).
   */
  async reencode(input: Buffer, type: ImageType, maxSide: number): Promise<EncodedImage> {
    return this.encode((await this.decodeUpright(input, type, maxSide))());
  }

  /** The image upright and scaled to `maxSide` as raw pixels, each call of the answer a fresh sharp pipeline over them. */
  private async decodeUpright(input: Buffer, type: ImageType, maxSide: number): Promise<() => Sharp> {
    const metadata = await this.open(input)
      .metadata()
      .catch((error: unknown) => {
        throw decodeError(error);
      });
    // The sniffer and libvips both go by magic bytes; should they ever disagree, trust neither.
    if (metadata.format !== SHARP_FORMAT[type]) throw UploadErrors.unreadable();
    const upright = await this.open(input)
      .autoOrient()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true })
      .catch((error: unknown) => {
        throw decodeError(error);
      });
    const raw = { raw: { width: upright.info.width, height: upright.info.height, channels: upright.info.channels } };
    return () => sharp(upright.data, raw);
  }

  private async encode(pixels: Sharp): Promise<EncodedImage> {
    const { data, info } = await pixels.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
    return { data, contentType: 'image/webp', width: info.width, height: info.height };
  }

  private open(input: Buffer): Sharp {
    // 'error' refuses truncated and corrupt pixel data, yet accepts the harmless warnings some cameras' JPEGs raise.
    return sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });
  }
}

/** Whatever libvips says about a bad input, the person can only choose another photo. */
function decodeError(error: unknown): Error {
  log.info({ err: error }, 'image refused by the decoder');
  if (error instanceof Error && /pixel limit/i.test(error.message)) return UploadErrors.tooManyPixels();
  return UploadErrors.unreadable();
}
