import sharp from 'sharp';
import { fixture, FIXTURES } from '../testing/photos.fixture';
import { copySimilarity, COPY_SIMILARITY, greyPicture, insideBorder, isListingCopy } from './listing-copy';

/** The listing photo as the app serves it: upright, at most 1,600 px, WebP (the gateway's ImagePipeline). */
async function served(bytes: Buffer, side = 1600): Promise<Buffer> {
  return sharp(bytes).rotate().resize(side, side, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
}

async function cropped(bytes: Buffer, keep: number, from: 'centre' | 'top-left'): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const w = Math.round(width * keep);
  const h = Math.round(height * keep);
  const [left, top] = from === 'centre' ? [Math.round((width - w) / 2), Math.round((height - h) / 2)] : [0, 0];
  return sharp(bytes).extract({ left, top, width: w, height: h }).jpeg({ quality: 85 }).toBuffer();
}

/**
 * A phone's screenshot of the listing: a tall screen, a coloured header with a logo, the photo, text lines below.
 * `fit`: 'cover' crops the photo to the card's 4:3 box as the app does; 'fill' squeezes all of it in.
 */
async function screenshot(bytes: Buffer, fit: 'cover' | 'fill' = 'fill'): Promise<Buffer> {
  const block = (width: number, height: number, colour: string) =>
    sharp({ create: { width, height, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const lines = [0, 1, 2, 3, 4].map(async (line) => ({ input: await block(640 - line * 60, 28, '#555555'), top: 820 + line * 70, left: 40 }));
  return sharp({ create: { width: 720, height: 1560, channels: 3, background: '#f4f1ea' } })
    .composite([
      { input: await block(720, 160, '#2f6b3a'), top: 0, left: 0 },
      { input: await block(90, 90, '#f2c14e'), top: 35, left: 30 },
      { input: await sharp(bytes).resize(720, 540, { fit }).png().toBuffer(), top: 220, left: 0 },
      ...(await Promise.all(lines)),
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}

describe('a pickup photo that is the listing photo again', () => {
  const chair = fixture(FIXTURES.furnitureChair);
  let listing: Buffer;

  beforeAll(async () => {
    listing = await served(chair);
  });

  const similarity = async (pickup: Buffer, of = listing) => copySimilarity(await greyPicture(pickup), await greyPicture(of));

  it.each([
    ['the photo as served', () => listing],
    ['the camera original it was made from', () => chair],
    ['its thumbnail', () => served(chair, 320)],
    ['saved again as a low-quality JPEG', () => sharp(listing).jpeg({ quality: 30 }).toBuffer()],
    ['made brighter and paler', () => sharp(listing).modulate({ brightness: 1.25, saturation: 0.6 }).jpeg().toBuffer()],
    ['mirrored', () => sharp(listing).flop().jpeg().toBuffer()],
    ['cropped to its middle 80 %', () => cropped(listing, 0.8, 'centre')],
    ['cropped to its top-left 70 %', () => cropped(listing, 0.7, 'top-left')],
    ['inside plain white bars', () => sharp(listing).extend({ top: 200, bottom: 260, background: '#ffffff' }).jpeg().toBuffer()],
    ['inside a screenshot of the app', () => screenshot(listing)],
    ['turned a quarter', () => sharp(listing).rotate(90).jpeg().toBuffer()],
    ['turned three quarters', () => sharp(listing).rotate(270).jpeg().toBuffer()],
    ['upside down', () => sharp(listing).rotate(180).jpeg().toBuffer()],
    ['flipped top to bottom', () => sharp(listing).flip().jpeg().toBuffer()],
  ])('is recognised: %s', async (_, pickup) => {
    expect(await similarity(await pickup())).toBeGreaterThanOrEqual(COPY_SIMILARITY);
  });

  it.each([
    ['upright (3:4)', 3 / 4],
    ['tall (9:16)', 9 / 16],
    ['wide (16:9)', 16 / 9],
  ])('is recognised in a screenshot of the card, which crops the photo to 4:3: a listing photo %s', async (_, aspect) => {
    const { width = 0, height = 0 } = await sharp(listing).metadata();
    const [w, h] = width / height > aspect ? [Math.round(height * aspect), height] : [width, Math.round(width / aspect)];
    const photo = await sharp(listing)
      .extract({ left: Math.round((width - w) / 2), top: Math.round((height - h) / 2), width: w, height: h })
      .webp()
      .toBuffer();
    expect(await similarity(await screenshot(photo, 'cover'), photo)).toBeGreaterThanOrEqual(COPY_SIMILARITY);
  });

  it('lets a second photo of the same chair through: turned, closer and darker, as a neighbour at the curb takes it', async () => {
    expect(await similarity(fixture(FIXTURES.furnitureChairPickup))).toBeLessThan(COPY_SIMILARITY);
  });

  it.each([
    ['another item on the same gravel', FIXTURES.beerBottle],
    ['a coffee cup', FIXTURES.coffeeCup],
    ['a cat', FIXTURES.cat],
    ['a person', FIXTURES.person],
  ])('is not confused with a different photo: %s', async (_, other) => {
    expect(await similarity(fixture(other))).toBeLessThan(COPY_SIMILARITY - 0.2);
  });

  it('answers in one call for two stored photos', async () => {
    expect(await isListingCopy(await served(chair, 800), listing)).toBe(true);
    expect(await isListingCopy(fixture(FIXTURES.coffeeCup), listing)).toBe(false);
  });
});

describe('the part of a grey picture inside its plain border', () => {
  /** A 100 × 80 grey picture of `border` with a block of 200 at x 10–59, y 20–49 (one channel unless told). */
  const picture = (border: number, channels = 1) => {
    const data = new Uint8Array(100 * 80 * channels).fill(border);
    for (let y = 20; y < 50; y++) for (let x = 10; x < 60; x++) for (let c = 0; c < channels; c++) data[(y * 100 + x) * channels + c] = 200;
    return data;
  };

  it('is the block inside bars of one grey, on any side, whatever the grey', () => {
    expect(insideBorder(picture(255), 100, 80, 1)).toEqual({ left: 10, top: 20, width: 50, height: 30 });
    expect(insideBorder(picture(30), 100, 80, 1)).toEqual({ left: 10, top: 20, width: 50, height: 30 });
    expect(insideBorder(picture(30, 3), 100, 80, 3)).toEqual({ left: 10, top: 20, width: 50, height: 30 });
  });

  it('takes a bar with a few stray pixels (a recompression along its edge) for border, and a row of the picture not', () => {
    const data = picture(255);
    data[5 * 100 + 70] = 0; // one pixel in a top row: still border
    data[60 * 100 + 3] = 240; // within the threshold: border
    expect(insideBorder(data, 100, 80, 1)).toEqual({ left: 10, top: 20, width: 50, height: 30 });
    for (let x = 0; x < 10; x++) data[10 * 100 + x] = 0; // a tenth of row 10 differs: that row is part of the picture
    expect(insideBorder(data, 100, 80, 1)).toEqual({ left: 0, top: 10, width: 60, height: 40 });
  });

  it('is the whole picture when it is one colour, or when what is left is smaller than a compared window', () => {
    expect(insideBorder(new Uint8Array(100 * 80).fill(7), 100, 80, 1)).toEqual({ left: 0, top: 0, width: 100, height: 80 });
    const speck = new Uint8Array(100 * 80).fill(255);
    for (let y = 40; y < 50; y++) for (let x = 40; x < 50; x++) speck[y * 100 + x] = 0;
    expect(insideBorder(speck, 100, 80, 1)).toEqual({ left: 0, top: 0, width: 100, height: 80 });
  });
});
