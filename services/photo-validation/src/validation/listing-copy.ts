import sharp from 'sharp';
import { type RgbImage, rgbAtMost, sharpOf } from './rgb-image';

/**
 * Whether a pickup photo is the item's own listing photo again: saved from the listing (or its thumbnail),
 * re-encoded, resized, mirrored, turned, cropped, or shown inside a screenshot (as the app crops it, or whole). The listing photo is public, so without this
 * check anyone could claim an item, take its points and close the listing for everyone, without going near it.
 *
 * Both photos are reduced to a small grey picture; each is then looked for inside the other, at several sizes and
 * positions, in all eight orientations, by normalised correlation (1 = the same picture, ~0 = unrelated). A second
 * photo of the item taken at the curb differs in angle, light and framing and correlates far lower than any copy.
 */

/** Long side of the grey picture each photo is reduced to, in pixels. */
const GRID_SIDE = 256;
/** A little blur on the grey picture: a photo's grain and a recompression's blocks are not what is compared. */
const BLUR_SIGMA = 1;
/** Side of the square every compared window is sampled to: 256 values a window, coarse enough to forgive a pixel's shift. */
const SAMPLE_SIDE = 16;
/** The window's size as a share of the largest that fits: a crop that keeps two thirds of the picture is still found. */
const WINDOW_SCALES = [1, 0.9, 0.8, 0.7, 0.6, 0.5];
/** How far apart two positions of a window are, in its sampled cells: a copy is met within a quarter of a cell. */
const WINDOW_STEP_CELLS = 0.5;
/**
 * The correlation from which two photos count as one. In listing-copy.spec.ts copies score 0.93–1.0, a second photo of
 * the same chair (turned, closer, darker) 0.61, another item on the very same ground 0.52, unrelated photos ~0.3.
 */
export const COPY_SIMILARITY = 0.9;

/** A photo as a grey picture, its long side GRID_SIDE, row by row. */
export interface GreyPicture {
  width: number;
  height: number;
  /** Sums of the pixels above and left of each point, (width + 1) × (height + 1): any window's mean in four reads. */
  sums: Float64Array;
}

/**
 * The photo upright, on white, grey, its plain borders trimmed (a screenshot's bars, a frame), at GRID_SIDE. From its
 * bytes, or from pixels already decoded upright on white (inspectPhoto's).
 */
export async function greyPicture(photo: Buffer | RgbImage): Promise<GreyPicture> {
  const grey = await sharpOf(await rgbAtMost(photo, GRID_SIDE * 4))
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = grey.info;
  const { data, info } = await sharp(grey.data, { raw: { width, height, channels } })
    .extract(insideBorder(grey.data, width, height, channels))
    .resize(GRID_SIDE, GRID_SIDE, { fit: 'inside' })
    .blur(BLUR_SIGMA)
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return withSums(data, info.width, info.height, info.channels);
}

/** How far (0..255) a pixel's grey may be from the border's and still count as border. */
const BORDER_THRESHOLD = 16;
/** The share of a border's row or column that may differ from it: a recompression's ringing along a bar's edge. */
const BORDER_STRAY_SHARE = 0.02;

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The part of a grey picture inside its plain border: rows and columns at its edges of about the grey of its top-left
 * pixel. The whole picture when it is all border (one colour) or the rest would be smaller than a sampled window. A
 * scan from each edge that stops at the first row or column that is not border: a fraction of a millisecond, where
 * libvips' trim took 25–55 ms of CPU a picture.
 */
export function insideBorder(data: Uint8Array, width: number, height: number, channels: number): Box {
  const border = data[0];
  const differs = (x: number, y: number) => Math.abs(data[(y * width + x) * channels] - border) > BORDER_THRESHOLD;
  const isBorder = (length: number, at: (i: number) => boolean) => {
    const allowed = length * BORDER_STRAY_SHARE;
    let stray = 0;
    for (let i = 0; i < length; i++) if (at(i) && ++stray > allowed) return false;
    return true;
  };
  let top = 0;
  while (top < height && isBorder(width, (x) => differs(x, top))) top++;
  let bottom = height;
  while (bottom > top && isBorder(width, (x) => differs(x, bottom - 1))) bottom--;
  let left = 0;
  while (left < width && isBorder(bottom - top, (y) => differs(left, top + y))) left++;
  let right = width;
  while (right > left && isBorder(bottom - top, (y) => differs(right - 1, top + y))) right--;
  if (right - left < SAMPLE_SIDE || bottom - top < SAMPLE_SIDE) return { left: 0, top: 0, width, height };
  return { left, top, width: right - left, height: bottom - top };
}

function withSums(data: Buffer, width: number, height: number, channels: number): GreyPicture {
  const sums = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[(y * width + x) * channels];
      sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1] + row;
    }
  }
  return { width, height, sums };
}

/**
 * How alike the two photos are, 0..1: the best correlation of either one, whole, with a window of the other (the
 * pickup cropped from the listing, or the listing shown inside the pickup), mirrored, flipped or turned, and of the
 * listing as the app shows it (its middle at SHOWN_ASPECT) with a window of the pickup (a screenshot of the app).
 */
export function copySimilarity(pickup: GreyPicture, listing: GreyPicture): number {
  // A crop of the listing, as it is or mirrored; the listing inside the pickup in any orientation (a copy turned or
  // flipped whole is found this way round, so the other needs no more than mirroring).
  const inListing = bestWindow(whole(pickup), listing);
  const inPickup = bestWindow(whole(listing), pickup);
  let best = Math.max(0, inListing(MIRRORED), inPickup(AS_IT_IS), inPickup(TURNED));
  const card = shown(listing);
  // A photo of about the card's shape is shown whole: its search above was that one.
  if (Math.abs(card.w * card.picture.height - card.picture.width * card.h) > 0.1 * card.picture.width * card.picture.height)
    best = Math.max(best, bestWindow(card, pickup)(IN_A_SCREENSHOT));
  return best;
}

export async function isListingCopy(pickup: Buffer | RgbImage, listing: Buffer): Promise<boolean> {
  const [a, b] = await Promise.all([greyPicture(pickup), greyPicture(listing)]);
  return copySimilarity(a, b) >= COPY_SIMILARITY;
}

/** Width over height of the box every card and the item page show a listing photo in, cropped to fill it. */
const SHOWN_ASPECT = 4 / 3;

/**
 * Which windows a search looks at, and in which orientations: every orientation costs a product a window, every
 * scale its windows. Copies are cropped, mirrored and framed often, turned or flipped whole and rarely cropped as well.
 */
interface Search {
  /** Rows as columns: the window has the region's shape turned a quarter. */
  turned: boolean;
  scales: readonly number[];
  /** [flipX, flipY] of each orientation compared. */
  flips: readonly (readonly [boolean, boolean])[];
  /** Orientations compared only at scales from this one up (a copy turned upside down is seldom cropped too). */
  allFlipsFrom: number;
}
const AS_IT_IS: Search = {
  turned: false,
  scales: WINDOW_SCALES,
  flips: [
    [false, false],
    [true, false],
    [false, true],
    [true, true],
  ],
  allFlipsFrom: 0.8,
};
const TURNED: Search = { ...AS_IT_IS, turned: true, scales: WINDOW_SCALES.filter((scale) => scale >= 0.8) };
const MIRRORED: Search = { ...AS_IT_IS, flips: AS_IT_IS.flips.slice(0, 2) };
const IN_A_SCREENSHOT = MIRRORED;

/** A part of a picture to look for in another. */
interface Region {
  picture: GreyPicture;
  x: number;
  y: number;
  w: number;
  h: number;
}

const whole = (picture: GreyPicture): Region => ({ picture, x: 0, y: 0, w: picture.width, h: picture.height });

/** The middle of the picture at SHOWN_ASPECT, as a card crops it. */
function shown(picture: GreyPicture): Region {
  const w = Math.min(picture.width, picture.height * SHOWN_ASPECT);
  const h = Math.min(picture.height, picture.width / SHOWN_ASPECT);
  return { picture, x: (picture.width - w) / 2, y: (picture.height - h) / 2, w, h };
}

/** The best correlation of `inner`, in a search's orientations, with windows of `outer` of that orientation's shape. */
function bestWindow(inner: Region, outer: GreyPicture): (search: Search) => number {
  const base = sample(inner.picture, inner.x, inner.y, inner.w, inner.h);
  return ({ turned, scales, flips, allFlipsFrom }) => {
    const orientations = flips.map(([flipX, flipY]) => orient(base, turned, flipX, flipY));
    const [iw, ih] = turned ? [inner.h, inner.w] : [inner.w, inner.h];
    // The largest window of that shape that fits in outer.
    const fit = Math.min(outer.width / iw, outer.height / ih);
    let best = -1;
    for (const scale of scales) {
      const w = iw * fit * scale;
      const h = ih * fit * scale;
      // Every cell of a sample covers at least two pixels.
      if (w < SAMPLE_SIDE * 2 || h < SAMPLE_SIDE * 2) break;
      const compared = scale >= allFlipsFrom ? orientations : orientations.slice(0, 2);
      const stepX = Math.max(1, (w / SAMPLE_SIDE) * WINDOW_STEP_CELLS);
      const stepY = Math.max(1, (h / SAMPLE_SIDE) * WINDOW_STEP_CELLS);
      for (let y = 0; y + h <= outer.height; y += stepY) {
        for (let x = 0; x + w <= outer.width; x += stepX) {
          const window = sample(outer, x, y, w, h);
          for (const orientation of compared) best = Math.max(best, dot(window, orientation));
        }
      }
    }
    return best;
  };
}

/**
 * The window's mean brightness on a SAMPLE_SIDE × SAMPLE_SIDE grid, less its mean and scaled to length 1, so that a
 * dot product of two samples is their correlation, blind to brightness and contrast.
 */
function sample(picture: GreyPicture, x: number, y: number, w: number, h: number): Float64Array {
  const out = new Float64Array(SAMPLE_SIDE * SAMPLE_SIDE);
  const stride = picture.width + 1;
  const { sums } = picture;
  const xs = edges(x, w, picture.width);
  const ys = edges(y, h, picture.height);
  let total = 0;
  for (let j = 0; j < SAMPLE_SIDE; j++) {
    const top = ys[j] * stride;
    const bottom = ys[j + 1] * stride;
    const rows = ys[j + 1] - ys[j];
    for (let i = 0; i < SAMPLE_SIDE; i++) {
      const left = xs[i];
      const right = xs[i + 1];
      const mean = (sums[bottom + right] - sums[top + right] - sums[bottom + left] + sums[top + left]) / (rows * (right - left));
      out[j * SAMPLE_SIDE + i] = mean;
      total += mean;
    }
  }
  const average = total / out.length;
  let length = 0;
  for (let k = 0; k < out.length; k++) {
    out[k] -= average;
    length += out[k] * out[k];
  }
  // A flat window correlates with nothing.
  const scale = length > 0 ? 1 / Math.sqrt(length) : 0;
  for (let k = 0; k < out.length; k++) out[k] *= scale;
  return out;
}

/** Where the window's SAMPLE_SIDE cells start and end along one side (windows are at least two pixels a cell). */
function edges(start: number, length: number, limit: number): Int32Array {
  const out = new Int32Array(SAMPLE_SIDE + 1);
  for (let k = 0; k <= SAMPLE_SIDE; k++) out[k] = Math.min(limit, Math.round(start + (k * length) / SAMPLE_SIDE));
  return out;
}

/**
 * A sample seen turned a quarter (rows become columns) and/or flipped along either side: the eight ways a photo can be
 * turned and mirrored, each a rearrangement of the same cells.
 */
function orient(sampled: Float64Array, turned: boolean, flipX: boolean, flipY: boolean): Float64Array {
  const out = new Float64Array(sampled.length);
  const last = SAMPLE_SIDE - 1;
  for (let j = 0; j < SAMPLE_SIDE; j++) {
    for (let i = 0; i < SAMPLE_SIDE; i++) {
      const [a, b] = turned ? [j, i] : [i, j];
      out[j * SAMPLE_SIDE + i] = sampled[(flipY ? last - b : b) * SAMPLE_SIDE + (flipX ? last - a : a)];
    }
  }
  return out;
}

function dot(a: Float64Array, b: Float64Array): number {
  let sum = 0;
  for (let k = 0; k < a.length; k++) sum += a[k] * b[k];
  return sum;
}
