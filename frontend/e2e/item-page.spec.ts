import { expect, test, type Page } from '@playwright/test';
import { card, MANHATTAN, newNeighbour, openApp, photo, startClaim } from './helpers';

/** Posting is other journeys' subject: this one posts through the API, as the poster's browser. */
async function postThroughApi(page: Page, title: string, description: string): Promise<string> {
  const upload = await page.request.post('/api/upload', { multipart: { photo: await photo(page, 'curb.png') } });
  expect(upload.ok(), await upload.text()).toBe(true);
  const { imageUrl } = (await upload.json()) as { imageUrl: string };
  const location = { lat: MANHATTAN.latitude, lng: MANHATTAN.longitude };
  const posted = await page.request.post('/api/items', { data: { title, category: 'Furniture', description, location, imageUrl } });
  expect(posted.status(), await posted.text()).toBe(201);
  return ((await posted.json()) as { id: string }).id;
}

test('a shared item link opens its card with its actions and a preview; the holder gets directions; unknown items and files are 404', async ({
  page,
  browser,
  baseURL,
}) => {
  await openApp(page);
  const title = `Walnut <desk> & "chair" ${Date.now()}`;
  const id = await postThroughApi(page, title, 'Solid wood, by the blue door');

  const neighbour = await newNeighbour(browser, baseURL as string);
  await neighbour.context.grantPermissions(['clipboard-read', 'clipboard-write', 'geolocation'], { origin: baseURL as string });
  try {
    await openApp(neighbour.page);
    // The page a link preview reads: the item's title, description and thumbnail, escaped, and no position.
    const response = await neighbour.page.goto(`/items/${id}`);
    expect(response?.status()).toBe(200);
    const html = (await response?.text()) ?? '';
    expect(html).toContain(`<meta property="og:title" content="Walnut &#60;desk&#62; &#38; &#34;chair&#34;`);
    expect(html).toContain('<meta property="og:description" content="Solid wood, by the blue door">');
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/api\/media\/[^"]+-thumb\.webp">/);
    expect(html).not.toContain(String(MANHATTAN.latitude));
    expect(html).not.toContain(String(MANHATTAN.longitude));
    expect(html).not.toMatch(/latitude|longitude/);
    // The screen's own files are named in the page (route-preloads.json has the item screen): the build merges small
    // chunks and names them as it likes, so what counts is that nothing the screen needs arrives unannounced.
    const named = [...html.matchAll(/(?:src|href)="(\/assets\/[\w.-]+\.js)"/g)].map((match) => match[1]);
    expect(named.length).toBeGreaterThan(3);

    const item = card(neighbour.page, title);
    await expect(item).toBeVisible();
    const loaded = await neighbour.page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/assets/') && path.endsWith('.js')),
    );
    expect(loaded.filter((file) => !named.includes(file))).toEqual([]);
    await expect(neighbour.page).toHaveTitle(new RegExp(`^Walnut <desk> & "chair" \\d+ · Curbside$`));
    await expect(item.getByRole('button', { name: /^Vote for / })).toBeEnabled();
    await expect(item.getByRole('button', { name: /View Comments/ })).toBeVisible();
    await expect(item.getByRole('link', { name: 'Directions' })).toHaveCount(0);

    // Share: Chromium on Linux has no share sheet, so the link is copied and a toast says so.
    await item.getByRole('button', { name: `Share ${title}` }).click();
    await expect(neighbour.page.getByTestId('toast').filter({ hasText: 'Link copied' })).toBeVisible();
    expect(await neighbour.page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/items/${id}`);

    // Holding it: the exact spot, which only the holder and the poster receive, as a map link.
    await startClaim(neighbour.page, title);
    await neighbour.page.getByRole('dialog', { name: 'Claim Item' }).getByRole('button', { name: 'Reserve with First Dibs (30 min)' }).click();
    const directions = item.getByRole('link', { name: 'Directions' });
    await expect(directions).toBeVisible();
    expect(await directions.getAttribute('href')).toBe(
      `https://www.openstreetmap.org/?mlat=${MANHATTAN.latitude}&mlon=${MANHATTAN.longitude}#map=19/${MANHATTAN.latitude}/${MANHATTAN.longitude}`,
    );
    // The page's own HTML still carries no position, whoever asks.
    expect(await (await neighbour.page.request.get(`/items/${id}`)).text()).not.toContain(String(MANHATTAN.latitude));

    const unknown = await neighbour.page.goto('/items/00000000-0000-4000-a000-00000000dead');
    expect(unknown?.status()).toBe(404);
    await expect(neighbour.page.getByRole('heading', { name: 'Item not found' })).toBeVisible();

    const missing = await neighbour.page.request.get('/assets/missing.js');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type']).not.toContain('html');
  } finally {
    await neighbour.context.close();
  }
});
