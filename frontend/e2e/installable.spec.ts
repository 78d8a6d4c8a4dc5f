import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { card, MANHATTAN, openApp, photo } from './helpers';

test('Curbside is installable: a manifest with icons, a registered service worker, no installability errors in Chromium', async ({ baseURL }, testInfo) => {
  // A browser profile on disk: Chromium never offers to install from an incognito one, which a new context is.
  const profile = mkdtempSync(join(tmpdir(), 'curbside-install-'));
  const { launchOptions } = testInfo.project.use;
  const context = await chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    viewport: { width: 360, height: 740 },
    geolocation: MANHATTAN,
    permissions: ['geolocation'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const first = await page.goto('/');
    // The app's CSP lets the worker and the manifest come from this site only.
    const csp = first?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    await openApp(page);
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null), { timeout: 15_000 })
      .toMatch(/\/sw\.js$/);

    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    for (const size of [192, 512]) {
      const icon = await page.request.get(`/icons/icon-${size}.png`);
      expect(icon.headers()['content-type']).toBe('image/png');
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('offline, a reload shows the last feed with an offline note', async ({ page }) => {
  await openApp(page);
  const title = `Offline lamp ${Date.now()}`;
  const upload = await page.request.post('/api/upload', { multipart: { photo: await photo(page, 'curb.png') } });
  const { imageUrl } = (await upload.json()) as { imageUrl: string };
  const posted = await page.request.post('/api/items', {
    data: { title, category: 'Furniture', description: 'By the curb', location: { lat: MANHATTAN.latitude, lng: MANHATTAN.longitude }, imageUrl },
  });
  expect(posted.status()).toBe(201);
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null), { timeout: 15_000 })
    .toBe('activated');
  // Online, under the worker's control: this feed is the one it keeps.
  await page.reload();
  await expect(card(page, title)).toBeVisible();
  await expect(page.getByText("You're offline")).toHaveCount(0);

  await page.context().setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: "You're offline: showing the last feed Curbside loaded." })).toBeVisible();
    await expect(card(page, title)).toBeVisible();
  } finally {
    await page.context().setOffline(false);
  }
});
