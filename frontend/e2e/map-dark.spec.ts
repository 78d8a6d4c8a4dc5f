import { expect, test, type Page } from '@playwright/test';
import { join } from 'node:path';
import { MANHATTAN, newNeighbour, openApp, postAt, SCREENSHOTS, shot } from './helpers';

/** A tile drawn as OpenStreetMap draws them for a light page (land, parks, water, roads), made in the page: no network here. */
async function lightTile(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 256;
    canvas.height = 256;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    ctx.fillStyle = '#f2efe9';
    ctx.fillRect(0, 0, 256, 256);
    ctx.fillStyle = '#c8facc';
    ctx.fillRect(20, 150, 90, 70);
    ctx.fillStyle = '#aad3df';
    ctx.fillRect(180, 0, 76, 256);
    ctx.fillStyle = '#d9d0c9';
    ctx.fillRect(130, 40, 30, 40);
    for (const [x, y, w, h] of [
      [0, 120, 256, 10],
      [60, 0, 10, 256],
      [140, 0, 6, 256],
    ]) {
      ctx.fillStyle = '#c8c0b0';
      ctx.fillRect(x - 1, y - 1, w + 2, h + 2);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(x, y, w, h);
    }
    const blob = await new Promise<Blob>((done) => canvas.toBlob((b) => done(b as Blob), 'image/png'));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

/** The map's own colours: the plain background, the tiles' filter, the selected pin's ring. */
function mapColours(page: Page) {
  return page.getByTestId('items-map').evaluate((map) => {
    const style = (selector: string) => {
      const element = map.querySelector(selector);
      return element ? getComputedStyle(element) : null;
    };
    return {
      canvas: getComputedStyle(map).backgroundColor,
      tileFilter: style('.map-tile')?.filter ?? null,
      selectedRing: style('.map-pin--selected')?.boxShadow ?? null,
    };
  });
}

/**
 * 16:00 UTC today: daytime in New York all year. At night the map keeps only paid pickups, or the first three entries
 * (map-filters.ts), so a run after dusk would hide these free posts behind other journeys' items.
 */
function daytimeInNewYork(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 16));
}

test('the map in the dark theme: tiles turned over, the plain background, pins, groups and controls in the dark palette', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const { context, page } = await newNeighbour(browser, baseURL as string, { colorScheme: 'dark' });
  // The dark theme is the subject, not the night rule: the pages' clock reads daytime, every timer runs as usual.
  await context.clock.setFixedTime(daytimeInNewYork());
  await openApp(page);
  // Two posts apart (single pins) and two at one spot (a group).
  const stamp = Date.now();
  await postAt(page, `Dark map lamp ${stamp}`, { latitude: MANHATTAN.latitude + 0.006, longitude: MANHATTAN.longitude - 0.008 });
  await postAt(page, `Dark map chair ${stamp}`, { latitude: MANHATTAN.latitude - 0.006, longitude: MANHATTAN.longitude + 0.006 });
  for (const n of [1, 2]) await postAt(page, `Dark map box ${n} ${stamp}`, { latitude: MANHATTAN.latitude + 0.002, longitude: MANHATTAN.longitude + 0.002 });

  const tile = await lightTile(page);
  await page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ contentType: 'image/png', body: tile }));
  await page.goto('/map');
  const map = page.getByTestId('items-map');
  await expect(map.locator('.map-tile').first()).toBeVisible();
  await expect(page.getByText("It's dark out")).toBeHidden();
  // A pin away from the group, so that the group's badge shows beside it.
  const pin = map.getByRole('button', { name: new RegExp(`^Dark map (lamp|chair) ${stamp}`) }).first();
  await pin.click();
  await expect(pin).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'map-dark-screen');
  // Clear of the bottom navigation, which stays over the page.
  await map.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await map.screenshot({ path: join(SCREENSHOTS, 'map-dark-tiles.png') });
  const withTiles = await mapColours(page);
  expect(withTiles.tileFilter).toContain('invert(1)');
  // The selected pin keeps a light ring: its dark border alone would vanish on a dark map.
  expect(withTiles.selectedRing).toContain('rgb(255, 255, 255)');

  // Offline (no tiles): the plain background is dark, the controls light on it.
  const offline = await context.newPage();
  await offline.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await offline.goto('/map');
  await expect(offline.getByText('Map tiles unavailable: pins on a plain background.')).toBeVisible();
  await offline.getByTestId('items-map').evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await offline.getByTestId('items-map').screenshot({ path: join(SCREENSHOTS, 'map-dark-plain.png') });
  const plain = await mapColours(offline);
  expect(plain.canvas).toBe('rgb(30, 41, 59)');
  await context.close();
});
