import { SNIFF_BYTES, sniffImageType } from './image-type.sniffer';
import { avifImage, heicHeader, pngImage, phoneJpeg, webpImage } from './test-images.fixture';

const head = (bytes: Buffer) => bytes.subarray(0, SNIFF_BYTES);

function ftyp(major: string, compatible: string[]): Buffer {
  const box = Buffer.alloc(16 + compatible.length * 4);
  box.writeUInt32BE(box.length, 0);
  box.write(`ftyp${major}`, 4, 'ascii');
  compatible.forEach((brand, index) => box.write(brand, 16 + index * 4, 'ascii'));
  return box;
}

describe(sniffImageType.name, () => {
  it('recognises the image types sharp writes from their first bytes', async () => {
    expect(sniffImageType(head(await phoneJpeg(64, 48)))).toBe('jpeg');
    expect(sniffImageType(head(await pngImage(8, 8)))).toBe('png');
    expect(sniffImageType(head(await webpImage(8, 8)))).toBe('webp');
    expect(sniffImageType(head(await avifImage(16, 16)))).toBe('avif');
    expect(sniffImageType(heicHeader())).toBe('heic');
  });

  it('tells AVIF from HEIC by the compatible brands when the major brand is generic', () => {
    expect(sniffImageType(ftyp('mif1', ['mif1', 'avif']))).toBe('avif');
    expect(sniffImageType(ftyp('mif1', ['mif1', 'heic']))).toBe('heic');
    expect(sniffImageType(ftyp('mif1', ['mif1', 'miaf']))).toBeNull();
    expect(sniffImageType(ftyp('isom', ['isom', 'mp41']))).toBeNull();
  });

  it('ignores brands past the end of the ftyp box', () => {
    const box = Buffer.concat([ftyp('mif1', ['mif1']), Buffer.from('avif')]);
    expect(sniffImageType(box)).toBeNull();
  });

  it.each([
    ['text', Buffer.from('just some text pretending to be a photo.jpg')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['HTML', Buffer.from('<!doctype html><title>x</title>')],
    ['PDF', Buffer.from('%PDF-1.7\n')],
    ['GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
    ['nothing', Buffer.alloc(0)],
    ['two bytes of a JPEG', Buffer.from([0xff, 0xd8])],
    ['a RIFF that is not WebP', Buffer.from('RIFF\x00\x00\x00\x00WAVEfmt ', 'latin1')],
  ])('refuses %s', (_name, bytes) => {
    expect(sniffImageType(bytes)).toBeNull();
  });
});
