import { expect, test } from '@playwright/test';
import { card, MANHATTAN, newNeighbour, openApp, photo, shot } from './helpers';

/** What the journey uses of the service worker's global scope (these run inside the worker, not the page). */
type WorkerScope = {
  registration: ServiceWorkerRegistration;
  dispatchEvent(event: Event): boolean;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
};

/**
 * A push about an item, as the notifications service sends it (services/notifications, PushPayload), reaches the
 * browser's real service worker through the DevTools protocol (ServiceWorker.deliverPushMessage: the worker's own
 * push handler shows it with showNotification); the notification the worker showed is then clicked in the worker
 * (a NotificationEvent for that very notification, handled by the worker's notificationclick listener), and the
 * app's window opens /items/{id} with the item's card. No push service exists offline, and no Chromium API clicks a
 * system notification: those two steps are the only ones stood in for.
 */
test('a push notification about an item, clicked, opens its page with the card', async ({ page, browser, baseURL }) => {
  const poster = await newNeighbour(browser, baseURL as string);
  let itemId = '';
  const title = `Pushed floor lamp ${Date.now()}`;
  try {
    await openApp(poster.page);
    const upload = await poster.page.request.post('/api/upload', { multipart: { photo: await photo(poster.page, 'curb.png') } });
    const { imageUrl } = (await upload.json()) as { imageUrl: string };
    const posted = await poster.page.request.post('/api/items', {
      data: { title, category: 'Household', description: 'Works, bulb included', location: { lat: MANHATTAN.latitude, lng: MANHATTAN.longitude }, imageUrl },
    });
    expect(posted.status()).toBe(201);
    itemId = ((await posted.json()) as { id: string }).id;
  } finally {
    await poster.context.close();
  }

  const context = page.context();
  await context.grantPermissions(['notifications'], { origin: baseURL as string });
  await openApp(page);
  // The worker controls the page once it is active (it claims its clients).
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 15_000 }).toMatch(/\/sw\.js$/);
  const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js')) ?? (await context.waitForEvent('serviceworker'));

  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) =>
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const ours = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(baseURL as string));
        if (ours) resolve(ours.registrationId);
      },
    ),
  );
  await cdp.send('ServiceWorker.enable');
  const notificationId = crypto.randomUUID();
  const payload = {
    type: 'new_item_alert',
    title: 'New Item Nearby',
    message: `"${title}" was just posted 0.2 mi from you`,
    url: `/items/${itemId}`,
    notificationId,
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL as string).origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });

  // The worker's push handler showed it: its title, body and the page it opens.
  await expect
    .poll(
      () =>
        worker.evaluate(async (tag) => {
          const scope = self as unknown as WorkerScope;
          return (await scope.registration.getNotifications({ tag })).map((n) => ({ title: n.title, body: n.body, data: n.data as unknown }));
        }, notificationId),
      {
        timeout: 10_000,
      },
    )
    .toEqual([{ title: 'New Item Nearby', body: payload.message, data: { url: `/items/${itemId}`, type: 'new_item_alert' } }]);

  // A click on that notification, handled by the worker's notificationclick listener.
  await worker.evaluate(async (tag) => {
    const scope = self as unknown as WorkerScope;
    const [shown] = await scope.registration.getNotifications({ tag });
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: shown }));
  }, notificationId);
  await expect(page).toHaveURL(new RegExp(`/items/${itemId}$`), { timeout: 10_000 });
  await expect(card(page, title)).toBeVisible();
  await shot(page, 'push-01-notification-opened-item');
  // Clicked, the notification is closed.
  expect(await worker.evaluate(async (tag) => (await (self as unknown as WorkerScope).registration.getNotifications({ tag })).length, notificationId)).toBe(0);
});
