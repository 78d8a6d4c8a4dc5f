/** The image types an upload may be; anything else is refused before it reaches a decoder. */
export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic';

/** Enough of a file's start to tell its type, ISO-BMFF compatible brands included. */
export const SNIFF_BYTES = 64;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs']);

/**
 * The type of an image from its magic bytes. The filename, its extension and the client's Content-Type are never
 * consulted: they are whatever the sender says, while the bytes decide which decoder would run.
 */
export function sniffImageType(head: Uint8Array): ImageType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, PNG_SIGNATURE)) return 'png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (ascii(head, 4, 8) === 'ftyp') return isoMediaImageType(head);
  return null;
}

/**
 * HEIF containers (AVIF and HEIC) start with an `ftyp` box: a major brand, a minor version, then compatible brands.
 * Generic brands such as `mif1` say only "some HEIF image", so the compatible brands decide between the two.
 */
function isoMediaImageType(head: Uint8Array): ImageType | null {
  const boxSize = readUint32(head, 0);
  const end = Math.min(head.length, boxSize);
  const brands = [ascii(head, 8, 12)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(head, offset, offset + 4));
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
  if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
  return null;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  if (bytes.length < end) return '';
  return String.fromCharCode(...bytes.subarray(start, end));
}

function readUint32(bytes: Uint8Array, offset: number): number {
  if (bytes.length < offset + 4) return 0;
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(offset);
}
