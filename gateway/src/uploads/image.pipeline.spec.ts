import { crc32 } from 'node:zlib';
import { DomainError, UploadError } from '@curbside/contracts';
import sharp from 'sharp';
import { ImagePipeline, MAX_INPUT_PIXELS } from './image.pipeline';
import { ImagePresets } from './image.presets';
import { avifImage, EXIF_TAG, exifTagIds, gradient, phoneJpeg, pngImage, webpImage } from './test-images.fixture';

const UNREADABLE = 'This image could not be read. Please choose another photo.';

async function refusal(promise: Promise<unknown>): Promise<[string, string] | unknown> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return error instanceof DomainError ? [error.code, error.message] : error;
}

/** A valid PNG whose header claims `width` × `height`: the shape of a decompression bomb, without the memory. */
function pngClaiming(png: Buffer, width: number, height: number): Buffer {
  const patched = Buffer.from(png);
  // IHDR is the first chunk: length (4) at 8, type at 12, width and height at 16 and 20, its CRC at 29.
  patched.writeUInt32BE(width, 16);
  patched.writeUInt32BE(height, 20);
  patched.writeUInt32BE(crc32(patched.subarray(12, 29)), 29);
  return patched;
}

describe(ImagePipeline.name, () => {
  const sut = new ImagePipeline();

  it('turns a phone JPEG upright, caps its long side and drops EXIF and GPS', async () => {
    const input = await phoneJpeg(3000, 2000);
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect([...exifTagIds(before.exif)]).toEqual(expect.arrayContaining([EXIF_TAG.gpsPointer, EXIF_TAG.make, EXIF_TAG.orientation]));

    const { image, thumbnail } = await sut.process(input, 'jpeg', ImagePresets.itemPhoto);

    const after = await sharp(image.data).metadata();
    expect(after).toMatchObject({ format: 'webp', width: 1365, height: 2048 });
    expect(image).toMatchObject({ contentType: 'image/webp', width: 1365, height: 2048 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Rotating 90° clockwise brings the source's bottom-left (no red, full green) to the top-left corner.
    const { data } = await sharp(image.data).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeLessThan(40);
    expect(data[1]).toBeGreaterThan(215);
    const thumbnailMetadata = await sharp(thumbnail.data).metadata();
    expect(thumbnailMetadata).toMatchObject({ format: 'webp', width: 267, height: 400 });
    expect(thumbnailMetadata.exif).toBeUndefined();
  });

  it('re-encodes a PNG as WebP without enlarging it', async () => {
    const { image, thumbnail } = await sut.process(await pngImage(800, 600), 'png', ImagePresets.itemPhoto);

    expect(await sharp(image.data).metadata()).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect(thumbnail).toMatchObject({ width: 400, height: 300 });
  });

  it('leaves a small image at its size, thumbnail included', async () => {
    const { image, thumbnail } = await sut.process(await webpImage(120, 80), 'webp', ImagePresets.itemPhoto);

    expect([image.width, image.height, thumbnail.width, thumbnail.height]).toEqual([120, 80, 120, 80]);
  });

  it('caps a profile picture at 512 px and its thumbnail at 128 px', async () => {
    const { image, thumbnail } = await sut.process(await gradient(1000, 1500).jpeg().toBuffer(), 'jpeg', ImagePresets.profilePicture);

    expect([image.width, image.height]).toEqual([341, 512]);
    // The thumbnail is scaled from the once-decoded 341 × 512 image.
    expect([thumbnail.width, thumbnail.height]).toEqual([85, 128]);
  });

  it('decodes AVIF exactly when this sharp build says it can', async () => {
    expect(sut.canDecode('jpeg') && sut.canDecode('png') && sut.canDecode('webp')).toBe(true);
    const avif = sut.canDecode('avif');
    expect(avif).toBe((sharp.format.heif.input.fileSuffix ?? []).includes('.avif'));
    if (avif) {
      const { image } = await sut.process(await avifImage(320, 240), 'avif', ImagePresets.itemPhoto);
      expect(await sharp(image.data).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    }
    expect(sut.canDecode('heic')).toBe((sharp.format.heif.input.fileSuffix ?? []).includes('.heic'));
  });

  it.each([
    ['a truncated JPEG', () => phoneJpeg(600, 400).then((jpeg) => jpeg.subarray(0, Math.floor(jpeg.length / 2))), 'jpeg'],
    ['a truncated PNG', () => pngImage(600, 400).then((png) => png.subarray(0, Math.floor(png.length / 2))), 'png'],
    ['a JPEG header and nothing else', async () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), 'jpeg'],
    ['a PNG sniffed as JPEG', () => pngImage(60, 40), 'jpeg'],
  ] as const)('refuses %s as unreadable', async (_name, make, type) => {
    expect(await refusal(sut.process(await make(), type, ImagePresets.itemPhoto))).toEqual([UploadError.UNREADABLE, UNREADABLE]);
  });

  it.each([
    ['gigapixels', 20_000, 20_000],
    ['just over the cap (a 97 KB PNG of 100 MP once cost 0.75 s of CPU)', 8_000, Math.ceil(MAX_INPUT_PIXELS / 8_000) + 1],
  ])('refuses an image whose header claims %s, from the header alone', async (_name, width, height) => {
    const bomb = pngClaiming(await pngImage(16, 16), width, height);

    expect(await refusal(sut.process(bomb, 'png', ImagePresets.itemPhoto))).toEqual([
      UploadError.TOO_MANY_PIXELS,
      'This image is too large to process. Please choose a smaller photo.',
    ]);
  });
});
