import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { journeyApp } from './journey-app';
import { untilItemsKnowVerified } from './operator';

export const SCREENSHOTS = join(import.meta.dirname, 'screenshots');
export const MANHATTAN = { latitude: 40.758, longitude: -73.9855 };

export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** Options for a journey's first look at the app. */
export interface VisitOptions {
  /** The real first visit: onboarding and the tutorial show. By default both are marked completed before the app loads. */
  firstVisit?: boolean;
  /** The browser's time zone (IANA name), e.g. to see times in a member's local time; the machine's by default. */
  timezoneId?: string;
  /** The system's light or dark setting the browser reports; light by default. */
  colorScheme?: 'light' | 'dark';
  /** Lets a test inject a script of its own (axe), which the app's Content-Security-Policy would refuse. */
  bypassCSP?: boolean;
}

const seeded = new WeakSet<BrowserContext>();

/**
 * Marks onboarding and the tutorial completed in a browser profile before the app's first load, so a journey lands on
 * the feed. Seeds once per tab (a sessionStorage marker), so "Start Fresh" and the recovery path still show onboarding.
 */
export async function skipFirstVisit(context: BrowserContext): Promise<void> {
  if (seeded.has(context)) return;
  seeded.add(context);
  await context.addInitScript(() => {
    try {
      if (sessionStorage.getItem('e2e:firstVisitSkipped')) return;
      sessionStorage.setItem('e2e:firstVisitSkipped', '1');
      if (localStorage.getItem('onboardingCompleted') === null) localStorage.setItem('onboardingCompleted', 'true');
      if (localStorage.getItem('tutorialCompleted') === null) localStorage.setItem('tutorialCompleted', 'true');
    } catch {
      /* storage unavailable: the app shows its first visit */
    }
  });
}

/** A fresh browser profile: its own localStorage and session cookie, so its own user. */
export async function newNeighbour(browser: Browser, baseURL: string, options: VisitOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    geolocation: MANHATTAN,
    permissions: ['geolocation', 'camera'],
    timezoneId: options.timezoneId,
    colorScheme: options.colorScheme,
    bypassCSP: options.bypassCSP,
  });
  if (options.firstVisit) seeded.add(context);
  else await skipFirstVisit(context);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Opens the app and waits until start-up made (or loaded) the user. Onboarding and the tutorial are skipped unless
 * `firstVisit` is set (then it only opens the page: the user is made when onboarding completes, and '' is returned).
 */
export async function openApp(page: Page, path = '/', options: VisitOptions = {}): Promise<string> {
  if (options.firstVisit) {
    seeded.add(page.context());
    await page.goto(path);
    return '';
  }
  await skipFirstVisit(page.context());
  await page.goto(path);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('userId')), { timeout: 15_000 }).not.toBeNull();
  return (await page.evaluate(() => localStorage.getItem('userId'))) as string;
}

/**
 * A real picture for uploads, drawn by the browser itself (a shelf-like shape on a textured background):
 * big and varied enough for the photo checks, with no person in it. `pickup` draws the shelf again as a neighbour at
 * the curb would photograph it (nearer, turned, in evening light, a bin beside it): the check refuses a pickup photo
 * that is only the listing's own photo again.
 */
export async function photo(page: Page, name: string, type: 'image/png' | 'image/jpeg' = 'image/png', scene: 'listing' | 'pickup' = 'listing') {
  const base64 = await page.evaluate(
    async ({ mime, pickup }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 480;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      const sky = ctx.createLinearGradient(0, 0, 0, 480);
      sky.addColorStop(0, pickup ? '#e3b07c' : '#9fb8c8');
      sky.addColorStop(1, pickup ? '#4f4740' : '#6d6d6d');
      ctx.fillStyle = sky;
      ctx.fillRect(0, 0, 640, 480);
      for (let i = 0; i < 400; i++) {
        ctx.fillStyle = `hsl(${(i * 37) % 360} 20% ${30 + (i % 40)}%)`;
        ctx.fillRect(pickup ? (i * 71) % 640 : (i * 53) % 640, pickup ? 330 + ((i * 11) % 150) : 380 + ((i * 7) % 100), 6, 6);
      }
      if (pickup) {
        ctx.fillStyle = '#2e4d3a';
        ctx.fillRect(470, 170, 120, 230);
        ctx.translate(250, 250);
        ctx.rotate(-0.12);
        ctx.translate(-150, -200);
        ctx.scale(1.3, 1.3);
      }
      ctx.fillStyle = '#8b5a2b';
      ctx.fillRect(pickup ? 0 : 220, pickup ? 0 : 80, 200, 300);
      ctx.fillStyle = '#5c3a1a';
      for (const y of [150, 220, 290]) ctx.fillRect(pickup ? 10 : 230, pickup ? y - 80 : y, 180, 10);
      const blob = await new Promise<Blob>((done) => canvas.toBlob((b) => done(b as Blob), mime, 0.9));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return btoa(binary);
    },
    { mime: type, pickup: scene === 'pickup' },
  );
  return { name, mimeType: type, buffer: Buffer.from(base64, 'base64') };
}

/**
 * Posts an item with a photo through the post sheet, accepting the first-time dialogs. `posted`: the toast that says
 * it worked ("Item Posted!", or how many neighbours want it when it matches wanted posts).
 */
export async function postItem(page: Page, title: string, options: { screenshot?: string; posted?: string } = {}): Promise<void> {
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Post an Item' });
  await expect(sheet).toBeVisible();
  await sheet.getByTestId('photo-input').setInputFiles(await photo(page, 'curb.png'));
  await expect(sheet.getByText('Photo uploaded')).toBeVisible({ timeout: 20_000 });
  await sheet.getByLabel('Title').fill(title);
  await sheet.getByLabel('Category').selectOption('Furniture');
  await sheet.getByLabel('Description').fill('Left by the curb, free to a good home');
  await expect(sheet.getByRole('button', { name: 'Post Item (+10 points)' })).toBeEnabled();
  if (options.screenshot) await shot(page, options.screenshot);
  await sheet.getByRole('button', { name: 'Post Item (+10 points)' }).click();

  const terms = page.getByRole('dialog', { name: 'Posting Safety Terms' });
  const similar = page.getByRole('dialog', { name: 'Similar Items Found' });
  const posted = page.getByTestId('toast').filter({ hasText: options.posted ?? 'Item Posted!' });
  await expect(terms.or(similar).or(posted).first()).toBeVisible();
  if (await terms.isVisible()) {
    for (const box of await terms.getByRole('checkbox').all()) await box.check();
    await terms.getByRole('button', { name: 'Accept & Continue' }).click();
  }
  await expect(similar.or(posted).first()).toBeVisible();
  if (await similar.isVisible()) await similar.getByRole('button', { name: 'Post Anyway' }).click();
  await expect(posted).toBeVisible();
}

/** Opens the claim sheet of a card, accepting the pickup safety terms when they are asked for (once per browser). */
export async function startClaim(page: Page, title: string): Promise<void> {
  await card(page, title).getByRole('button', { name: 'Claim' }).click();
  const terms = page.getByRole('dialog', { name: /Pickup Safety Terms|Paid Pickup Terms/ });
  const sheet = page.getByRole('dialog', { name: 'Claim Item' });
  await expect(terms.or(sheet).first()).toBeVisible();
  if (await terms.isVisible()) {
    for (const box of await terms.getByRole('checkbox').all()) await box.check();
    await terms.getByRole('button', { name: 'Accept & Continue' }).click();
  }
  await expect(sheet).toBeVisible();
}

export function card(page: Page, title: string) {
  return page.getByTestId('item-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

/**
 * The newest sign-in or verification code texted to a number (E.164, e.g. +15551234567) since `since`: the app
 * runs with SMS_PROVIDER=log, so texts are lines of its log.
 */
export async function smsCode(toE164: string, since: Date): Promise<string> {
  const { logFile } = journeyApp();
  let code: string | undefined;
  await expect
    .poll(
      () => {
        for (const line of readFileSync(logFile, 'utf8').split('\n').reverse()) {
          if (!line.includes(`SMS to ${toE164}:`)) continue;
          const entry = JSON.parse(line) as { time: number | string; msg: string };
          if (new Date(entry.time).getTime() < since.getTime()) break;
          code = /\b(\d{6})\b/.exec(entry.msg)?.[1];
          if (code) break;
        }
        return code;
      },
      { message: `a code texted to ${toE164}`, timeout: 10_000 },
    )
    .toBeDefined();
  return code as string;
}

/**
 * A verified neighbour in a browser profile of its own, through the API: `confirm(itemId)` says the item is still
 * there, which makes its poster's pending post points final (docs/product-rules.md, "Points").
 */
export async function verifiedNeighbour(
  browser: Browser,
  baseURL: string,
): Promise<{ confirm: (itemId: string) => Promise<void>; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL });
  const api = context.request;
  const user = (await (await api.post('/api/users', { data: {} })).json()) as { id: string };
  const phone = `555${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const since = new Date();
  expect((await api.post('/api/phone/send-code', { data: { phone, name: 'Verified Neighbour' } })).ok()).toBe(true);
  expect((await api.post('/api/phone/verify-code', { data: { phone, code: await smsCode(`+1${phone}`, since) } })).ok()).toBe(true);
  await expect.poll(async () => ((await (await api.get(`/api/users/${user.id}`)).json()) as { isVerified: boolean }).isVerified).toBe(true);
  await untilItemsKnowVerified(user.id);
  return {
    confirm: async (itemId) => expect((await api.post(`/api/items/${itemId}/still-there`, { data: { stillThere: true } })).status()).toBe(201),
    close: () => context.close(),
  };
}

/** The id of the item with this title that the page's member posted (once it is there: a toast may outlive its post). */
export async function postId(page: Page, title: string): Promise<string> {
  const find = () =>
    page.evaluate(async (wanted) => {
      const id = localStorage.getItem('userId');
      const items = (await (await fetch(`/api/users/${id}/items`, { credentials: 'include' })).json()) as { id: string; posterId: string; title: string }[];
      return items.find((i) => i.posterId === id && i.title === wanted)?.id;
    }, title);
  await expect.poll(find, { message: `the post "${title}"`, timeout: 15_000 }).toBeDefined();
  return (await find()) as string;
}

/** Posts an item with a photo through the API as the page's member, at a place of the journey's choosing; its id. */
export async function postAt(page: Page, title: string, place: { latitude: number; longitude: number }): Promise<string> {
  const upload = await page.request.post('/api/upload', { multipart: { photo: await photo(page, 'curb.png') } });
  expect(upload.ok(), await upload.text()).toBe(true);
  const { imageUrl } = (await upload.json()) as { imageUrl: string };
  const location = { lat: place.latitude, lng: place.longitude };
  const posted = await page.request.post('/api/items', { data: { title, category: 'Furniture', description: 'By the curb', location, imageUrl } });
  expect(posted.status(), await posted.text()).toBe(201);
  return ((await posted.json()) as { id: string }).id;
}

/**
 * Posts a garage sale through the API as the page's member (posting one through the sheet is journeys.spec.ts's
 * subject), starting tomorrow in Midtown; its id.
 */
export async function postGarageSale(page: Page, title: string, description = 'Everything must go'): Promise<string> {
  const start = new Date(Date.now() + 24 * 3600_000);
  const posted = await page.request.post('/api/items', {
    data: {
      isGarageSale: true,
      title,
      description,
      category: 'Furniture',
      latitude: String(MANHATTAN.latitude),
      longitude: String(MANHATTAN.longitude),
      locationDescription: 'Midtown',
      pricingType: 'free',
      timeLimit: 72,
      garageSaleStartTime: start.toISOString(),
      garageSaleEndTime: new Date(start.getTime() + 8 * 3600_000).toISOString(),
      garageSaleAddress: '1 W 42nd St',
      garageSaleContactInfo: 'Ring the bell',
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  return ((await posted.json()) as { id: string }).id;
}
