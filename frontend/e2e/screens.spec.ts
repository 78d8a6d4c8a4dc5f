import { expect, test, type Page } from '@playwright/test';
import { newNeighbour, openApp, postItem, shot } from './helpers';

/** A quiet spot no other journey posts near (Anchorage): its feed starts empty. */
const QUIET_SPOT = { latitude: 61.2181, longitude: -149.9003 };

test('a live new-item alert puts the item in the feed within 2 s, without a reload', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const watcher = await newNeighbour(browser, baseURL as string);
  const poster = await newNeighbour(browser, baseURL as string);
  try {
    await watcher.context.setGeolocation(QUIET_SPOT);
    await poster.context.setGeolocation(QUIET_SPOT);
    const watcherId = await openApp(watcher.page);
    // Premium alerts go out at once (docs/product-rules.md, "Alert timing"); the plan is recorded through the API.
    const tiered = await watcher.page.evaluate(
      async (id) =>
        (
          await fetch(`/api/users/${id}/subscription`, {
            method: 'PATCH',
            credentials: 'include',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ tier: 'premium' }),
          })
        ).status,
      watcherId,
    );
    expect(tiered).toBe(200);
    await watcher.page.reload();
    await expect(watcher.page.getByText(/Nothing posted near you yet/)).toBeVisible({ timeout: 15_000 });

    await openApp(poster.page);
    const title = `Rocking chair ${Date.now()}`;
    await postItem(poster.page, title);

    const bell = watcher.page.getByRole('banner').getByRole('button', { name: /^Notifications, 1 unread/ });
    await expect(bell).toBeVisible({ timeout: 20_000 });
    await expect(watcher.page.getByRole('list', { name: 'Items near you' }).getByRole('heading', { name: title })).toBeVisible({ timeout: 2_000 });
    await shot(watcher.page, 'lf01-alert-in-feed');
  } finally {
    await watcher.context.close();
    await poster.context.close();
  }
});

const CONTROLS = 'a[href], button, input, select, textarea, [role="button"], [role="tab"], [tabindex="0"]';

/**
 * Notes, for every interactive control on screen now, which of its sample points (centre and corners) can be reached:
 * the point is within the part of the window its scrolling ancestors let be seen and the control itself is drawn there.
 * `controlsUnderToast` then compares with this.
 */
async function noteReachableControls(page: Page): Promise<void> {
  await page.evaluate((selector) => {
    const scope = document.querySelector('dialog:modal') ?? document;
    const reachable = new WeakMap<Element, boolean[]>();
    for (const control of scope.querySelectorAll<HTMLElement>(selector)) {
      reachable.set(
        control,
        (window as unknown as { samplePoints: (c: HTMLElement) => ([number, number] | null)[] })
          .samplePoints(control)
          .map((p) => !!p && control.contains(document.elementFromPoint(p[0], p[1]))),
      );
    }
    (window as unknown as { reachableControls: WeakMap<Element, boolean[]> }).reachableControls = reachable;
  }, CONTROLS);
}

/**
 * The interactive controls on screen that a toast covers: a control is covered when, at one of its sample points, the
 * element drawn is the toast's, and that point could be reached before the toast came (`noteReachableControls`); a
 * control that appeared since (a new post's card) may not be covered anywhere. Returns their names (none, for a pass).
 * The only thing left out: a point that was already under something else (the sticky header's row, with the page
 * scrolled) before the toast grew the header and moved the page down by its height.
 */
async function controlsUnderToast(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const toast = document.querySelector('[data-testid="toast"]');
    if (!toast) throw new Error('no toast on screen');
    const region = toast.closest('section') ?? toast;
    const { samplePoints, reachableControls } = window as unknown as {
      samplePoints: (c: HTMLElement) => ([number, number] | null)[];
      reachableControls?: WeakMap<Element, boolean[]>;
    };
    if (!reachableControls) throw new Error('noteReachableControls first');
    // An open modal leaves only itself usable: what is behind it is no control at the moment.
    const scope = document.querySelector('dialog:modal') ?? document;
    const covered: string[] = [];
    for (const control of scope.querySelectorAll<HTMLElement>(selector)) {
      if (region.contains(control)) continue;
      const before = reachableControls.get(control);
      const hit = samplePoints(control).some((p, i) => !!p && region.contains(document.elementFromPoint(p[0], p[1])) && (before === undefined || before[i]));
      if (hit) covered.push(control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName);
    }
    return covered;
  }, CONTROLS);
}

/** The sample points of a control (centre and corners, 2 px in), each null where its scrolling ancestors or the window hide it. */
async function installSamplePoints(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { samplePoints: (c: HTMLElement) => ([number, number] | null)[] }).samplePoints = (control) => {
      const box = control.getBoundingClientRect();
      let { left, top, right, bottom } = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
      for (let parent = control.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowY === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        left = Math.max(left, clip.left);
        top = Math.max(top, clip.top);
        right = Math.min(right, clip.right);
        bottom = Math.min(bottom, clip.bottom);
      }
      if (box.width <= 4 || box.height <= 4) return [];
      const points: [number, number][] = [
        [box.left + box.width / 2, box.top + box.height / 2],
        [box.left + 2, box.top + 2],
        [box.right - 2, box.top + 2],
        [box.left + 2, box.bottom - 2],
        [box.right - 2, box.bottom - 2],
      ];
      return points.map(([x, y]) => (x >= left && x < right && y >= top && y < bottom ? [x, y] : null));
    };
  });
}

/** Notes the reachable controls now, then after `raise` checks that the toast it raised covers none of them. */
async function expectToastCoversNothing(page: Page, raise: () => Promise<void>): Promise<void> {
  await installSamplePoints(page);
  await noteReachableControls(page);
  await raise();
  expect(await controlsUnderToast(page)).toEqual([]);
}

for (const viewport of [
  { name: '360 px phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`toasts never cover a control (${viewport.name}): under the header, and under a sheet's title`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport, geolocation: { latitude: 40.758, longitude: -73.9855 }, permissions: ['geolocation'] });
    const page = await context.newPage();
    try {
      await openApp(page);
      await expect(page.getByRole('banner').getByRole('button', { name: /^Notifications/ })).toBeVisible();
      // A toast of the page: it shows under the header row and the page moves down for it.
      await expectToastCoversNothing(page, async () => {
        await postItem(page, `Toast check ${viewport.width} ${Date.now()}`);
        await expect(page.getByTestId('toast').filter({ hasText: 'Item Posted!' })).toBeVisible();
      });
      await shot(page, `sc-toast-page-${viewport.width}`);
      await page.getByRole('button', { name: 'Dismiss notification' }).click();

      // A toast raised with the page scrolled: the sticky header grows and what is below it moves down with it.
      const share = page
        .getByRole('list', { name: 'Items near you' })
        .getByRole('button', { name: /^Share / })
        .first();
      // Scrolled (at once, not by a smooth wheel) until the points strip lies half under the header: a browser that
      // kept the element on screen in place as the header grew (scroll anchoring) would leave it under the toast.
      const header = await page.getByRole('banner').boundingBox();
      const strip = await page.getByRole('link', { name: 'Leaderboard' }).boundingBox();
      if (!header || !strip) throw new Error('no header or points strip on screen');
      await page.evaluate((top) => window.scrollBy({ top, behavior: 'instant' }), strip.y + strip.height / 2 - (header.y + header.height));
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(0);
      await expectToastCoversNothing(page, async () => {
        // From the keyboard: the first card's Share may lie below the window (a desktop's tall photo), and a click
        // would scroll to it first.
        await share.evaluate((button) => (button as HTMLElement).focus({ preventScroll: true }));
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('toast').filter({ hasText: /Link copied|Copy this link/ })).toBeVisible();
      });
      // The header grew and the page moved down under it: the browser did not scroll to keep anything in place.
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
      await shot(page, `sc-toast-scrolled-${viewport.width}`);

      // A toast over a sheet: under its title and close button, above its fields.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Post' }).click();
      const sheet = page.getByRole('dialog', { name: 'Post an Item' });
      await expect(sheet).toBeVisible();
      await expectToastCoversNothing(page, async () => {
        await sheet.getByRole('button', { name: /^Post Item/ }).click();
        await expect(sheet.getByTestId('toast').filter({ hasText: 'Title required' })).toBeVisible();
      });
      await expect(sheet.getByRole('button', { name: 'Close' })).toBeVisible();
      await sheet.getByRole('button', { name: 'Close' }).click();
      await expect(sheet).toBeHidden();
      await shot(page, `sc-toast-sheet-${viewport.width}`);
    } finally {
      await context.close();
    }
  });
}

test('location refused before: the error state with Try Again at once, then a ZIP code chosen instead, kept after a reload', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  // A neighbour posts in Anchorage, with their position.
  const poster = await newNeighbour(browser, baseURL as string);
  await poster.context.setGeolocation(QUIET_SPOT);
  await openApp(poster.page);
  const title = `Snow shovel ${Date.now()}`;
  await postItem(poster.page, title);
  await poster.context.close();

  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    // Refused in an earlier visit: the browser answers "denied" without asking.
    const { targetInfo } = await (await context.newCDPSession(page)).send('Target.getTargetInfo');
    const cdp = await browser.newBrowserCDPSession();
    await cdp.send('Browser.setPermission', {
      permission: { name: 'geolocation' },
      setting: 'denied',
      origin: new URL(baseURL as string).origin,
      browserContextId: targetInfo.browserContextId,
    });
    await openApp(page);
    const error = page.getByRole('alert').filter({ hasText: 'Location Error: Unable to get your location...' });
    await expect(error).toBeVisible();
    await expect(error.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await expect(page.getByText(/Showing items around the centre of the US/)).toBeVisible();
    await shot(page, 'sc-location-refused');

    await page.getByLabel('ZIP code or city').fill('x');
    await expect(page.getByRole('button', { name: 'Find' })).toBeDisabled();
    await page.getByLabel('ZIP code or city').fill('99501');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('button', { name: 'Anchorage, AK 99501' }).click();
    await expect(page.getByTestId('place-banner')).toContainText('around Anchorage, AK 99501');
    await expect(page.getByRole('list', { name: 'Items near you' }).getByRole('heading', { name: title })).toBeVisible();
    await shot(page, 'sc-location-place');

    await page.reload();
    await expect(page.getByTestId('place-banner')).toContainText('around Anchorage, AK 99501');
    await expect(page.getByRole('list', { name: 'Items near you' }).getByRole('heading', { name: title })).toBeVisible();
    // The map looks from the place too.
    await page.getByRole('link', { name: 'Map' }).click();
    await expect(page.getByRole('heading', { name: 'Map' })).toBeAttached();
    await expect(page.getByText(title).first()).toBeVisible();
  } finally {
    await context.close();
  }
});

test('nothing within a free member’s 5 miles: a wider search names the plan that gives it, opens Plans, and searches once chosen', async ({
  browser,
  baseURL,
}) => {
  const { context, page } = await newNeighbour(browser, baseURL as string);
  try {
    // Open country where no journey posts.
    await context.setGeolocation({ latitude: 43.2, longitude: -108.1 });
    await openApp(page);
    const empty = page.getByRole('heading', { name: /No items within 5 miles|Welcome to Curbside!/ });
    await expect(empty).toBeVisible();
    await page.getByRole('button', { name: 'Expand search to 10 miles with Basic ($4.99/mo)' }).click();
    const plans = page.getByRole('dialog', { name: 'Choose Your Plan' });
    await expect(plans).toContainText('Searching 10 miles needs the Basic plan or higher');
    await shot(page, 'sc-widen-plans');
    await plans.getByRole('button', { name: 'Choose Basic' }).click();
    await page.getByRole('dialog', { name: "You're on Basic" }).getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText('Searching 10 miles around you')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Expand search to 25 miles with Premium ($9.99/mo)' })).toBeVisible();
  } finally {
    await context.close();
  }
});

/** A phone-sized photo (2,400 × 1,800: a shelf on a gradient, a textured ground), drawn by the browser; the upload keeps a 2,048 px copy. */
async function phonePhoto(page: Page, seed: number) {
  const base64 = await page.evaluate(async (n) => {
    const canvas = document.createElement('canvas');
    canvas.width = 2400;
    canvas.height = 1800;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    const sky = ctx.createLinearGradient(0, 0, 0, 1800);
    sky.addColorStop(0, `hsl(${(n * 37) % 360} 30% 75%)`);
    sky.addColorStop(1, '#6d6d6d');
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, 2400, 1800);
    for (let i = 0; i < 6000; i++) {
      ctx.fillStyle = `hsl(${(i * 37 + n * 11) % 360} 20% ${30 + (i % 40)}%)`;
      ctx.fillRect((i * 53 + n * 17) % 2400, 1300 + ((i * 7) % 500), 8, 8);
    }
    ctx.fillStyle = '#8b5a2b';
    ctx.fillRect(800 + n * 10, 300, 800, 1100);
    ctx.fillStyle = '#5c3a1a';
    for (const y of [560, 820, 1080]) ctx.fillRect(840 + n * 10, y, 720, 36);
    const blob = await new Promise<Blob>((done) => canvas.toBlob((b) => done(b as Blob), 'image/jpeg', 0.9));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary);
  }, seed);
  return { name: `photo-${seed}.jpg`, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}

/**
 * Photos in the feed journey: 2 in the suite (each upload and its photo check cost about 3 s here);
 * E2E_FEED_PHOTOS=20 measures the figure for a full first page of the feed.
 */
const FEED_PHOTOS = Number(process.env.E2E_FEED_PHOTOS ?? 2);

test('the feed loads only the photos’ 400 px copies; the full photo only on the item’s page', async ({ browser, baseURL }) => {
  test.setTimeout(60_000 + FEED_PHOTOS * 6_000);
  const spot = { latitude: 44.98, longitude: -93.27 };
  const posted: { id: string; imageUrl: string; thumbnailUrl: string }[] = [];
  for (let poster = 0; poster * 10 < FEED_PHOTOS; poster++) {
    const { context, page } = await newNeighbour(browser, baseURL as string);
    await openApp(page);
    for (let i = 0; i < Math.min(10, FEED_PHOTOS - poster * 10); i++) {
      const upload = await page.request.post('/api/upload', { multipart: { photo: await phonePhoto(page, poster * 10 + i) } });
      expect(upload.ok(), await upload.text()).toBe(true);
      const { imageUrl } = (await upload.json()) as { imageUrl: string };
      const location = { lat: spot.latitude + i * 0.001, lng: spot.longitude };
      const answer = await page.request.post('/api/items', {
        data: { title: `Photo item ${poster}-${i}`, category: 'Household', description: 'Free', location, imageUrl },
      });
      expect(answer.status(), await answer.text()).toBe(201);
      posted.push((await answer.json()) as { id: string; imageUrl: string; thumbnailUrl: string });
    }
    await context.close();
  }
  expect(posted.every((p) => p.thumbnailUrl === p.imageUrl.replace(/\.webp$/, '-thumb.webp'))).toBe(true);

  const { context, page } = await newNeighbour(browser, baseURL as string);
  try {
    await context.setGeolocation(spot);
    const images = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'image' || !response.url().includes('/api/media/')) return;
      const body = await response.body().catch(() => null);
      if (body) images.set(new URL(response.url()).pathname, body.length);
    });
    await openApp(page);
    const list = page.getByRole('list', { name: 'Items near you' });
    await expect(list.getByTestId('item-card')).toHaveCount(FEED_PHOTOS, { timeout: 20_000 });
    // Every card in view once, so lazy images load.
    for (const card of await list.getByTestId('item-card').all()) {
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByRole('img')).toHaveJSProperty('complete', true);
    }
    await expect.poll(() => images.size).toBe(FEED_PHOTOS);
    const loaded = [...images.keys()];
    expect(loaded.every((path) => path.endsWith('-thumb.webp'))).toBe(true);
    const thumbBytes = [...images.values()].reduce((a, b) => a + b, 0);
    // What the same feed loaded before cards used the copies: the full photos.
    let fullBytes = 0;
    for (const item of posted) fullBytes += (await (await page.request.get(item.imageUrl)).body()).length;
    console.log(`home feed, ${FEED_PHOTOS} items: photos ${fullBytes} bytes before, ${thumbBytes} bytes after (${(fullBytes / thumbBytes).toFixed(1)}x less)`);
    expect(thumbBytes * 4).toBeLessThan(fullBytes);

    // The item's own page may show the full photo (the browser picks from both sizes).
    await page.goto(`/items/${posted[0].id}`);
    const photoOnPage = page.getByTestId('item-card').getByRole('img');
    await expect(photoOnPage).toHaveAttribute('srcset', `${posted[0].thumbnailUrl} 400w, ${posted[0].imageUrl} 2048w`);
  } finally {
    await context.close();
  }
});
