import sharp from 'sharp';
import { fixture, FIXTURES } from '../testing/photos.fixture';
import { inspectPhoto } from './photo-inspection';

const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe(inspectPhoto.name, () => {
  it('lets a real photo through, with its size', async () => {
    await expect(inspectPhoto(fixture(FIXTURES.coffeeCup))).resolves.toMatchObject({
      checkable: true,
      width: 600,
      height: 400,
      pixels: { width: 600, height: 400 },
    });
  });

  it('answers a blank photo, a black one and a tiny one without any model', async () => {
    await expect(inspectPhoto(fixture(FIXTURES.blank))).resolves.toMatchObject({
      checkable: false,
      result: { isValid: false, reason: expect.stringContaining('blank') },
    });
    await expect(inspectPhoto(await solid(640, 480, '#050505'))).resolves.toMatchObject({ result: { reason: expect.stringContaining('dark') } });
    await expect(inspectPhoto(await solid(40, 40, '#ff0000'))).resolves.toMatchObject({ result: { reason: expect.stringContaining('too small') } });
  });

  it('answers text, an empty file and a truncated JPEG as unreadable', async () => {
    const jpeg = fixture(FIXTURES.coffeeCup);
    for (const bytes of [fixture(FIXTURES.notAnImage), Buffer.alloc(0), jpeg.subarray(0, Math.floor(jpeg.length / 2))]) {
      await expect(inspectPhoto(bytes)).resolves.toMatchObject({
        checkable: false,
        result: { isValid: false, confidence: 1, reason: expect.stringContaining('not a photo we can read') },
      });
    }
  });
});
