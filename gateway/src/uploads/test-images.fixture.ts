import sharp from 'sharp';

/**
 * Test images made with sharp at test time: nothing downloaded, nothing licensed from anyone else. The gradient
 * makes orientation visible (dark top-left corner) and gives the encoders something that is not a flat colour.
 */
export function gradient(width: number, height: number): sharp.Sharp {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = Math.round((x / width) * 255);
      pixels[i + 1] = Math.round((y / height) * 255);
      pixels[i + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** What a phone writes: stored landscape with "rotate 90° clockwise to view" (orientation 6), a camera and a GPS fix. */
export function phoneJpeg(width = 3000, height = 2000): Promise<Buffer> {
  return gradient(width, height)
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'CurbsideTestCam', Model: 'Model 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 44/1 54/1', GPSLongitudeRef: 'W', GPSLongitude: '73/1 59/1 10/1' },
    })
    .toBuffer();
}

export function pngImage(width = 800, height = 600): Promise<Buffer> {
  return gradient(width, height).png().toBuffer();
}

export function webpImage(width = 640, height = 480): Promise<Buffer> {
  return gradient(width, height).webp().toBuffer();
}

export function avifImage(width = 320, height = 240): Promise<Buffer> {
  return gradient(width, height).avif({ quality: 50, effort: 0 }).toBuffer();
}

/** The header of a HEIC file as an iPhone writes it: an `ftyp` box with brand heic (no image data follows). */
export function heicHeader(): Buffer {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftypheic', 4, 'ascii');
  box.writeUInt32BE(0, 12);
  box.write('mif1heic', 16, 'ascii');
  return box;
}

/** EXIF tags that expose a person: the GPS block pointer, camera make and model. */
export const EXIF_TAG = { orientation: 0x0112, make: 0x010f, model: 0x0110, gpsPointer: 0x8825 } as const;

/** The tag ids of the first IFD of an EXIF block as sharp reports it ("Exif\0\0" then a TIFF header). */
export function exifTagIds(exif: Buffer | undefined): Set<number> {
  if (!exif) return new Set();
  const tiff = exif.subarray(exif.toString('latin1', 0, 4) === 'Exif' ? 6 : 0);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (offset: number) => (little ? tiff.readUInt16LE(offset) : tiff.readUInt16BE(offset));
  const u32 = (offset: number) => (little ? tiff.readUInt32LE(offset) : tiff.readUInt32BE(offset));
  const ifd = u32(4);
  const ids = new Set<number>();
  for (let entry = 0; entry < u16(ifd); entry++) ids.add(u16(ifd + 2 + entry * 12));
  return ids;
}
