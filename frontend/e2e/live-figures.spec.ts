import { expect, test } from '@playwright/test';
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
      async (id) => (await fetch(`/api/users/${id}/subscription`, { method: 'PATCH', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ tier: 'premium' }) })).status,
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
