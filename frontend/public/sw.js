// Curbside's service worker: an offline shell with the last feed, and notification clicks that open the item.
// Plain JS served as /sw.js (scope /); src/app/service-worker.test.ts runs it in a fake worker scope.
// Web Push: a push carries {type, title, message, url, notificationId} (services/notifications, PushPayload) and is
// shown as a notification whose click opens the url (an item's page) through the click handler below.

const SHELL = 'curbside-shell-v1';
const FEED = 'curbside-feed-v1';
/** The last successful first page of the feed, whatever its query: offline, the member sees what they last saw. */
const LAST_FEED = '/__curbside/last-feed';
/** Marks an answer served from the cache, so the app can say it is offline. */
const OFFLINE_HEADER = 'X-Curbside-Offline';

/** The app's page and the files it names (the entry, its preloads, the home screen's from route-preloads.json). */
async function cacheShell() {
  const cache = await caches.open(SHELL);
  const page = await fetch('/', { cache: 'no-cache' });
  if (!page.ok) return;
  const html = await page.clone().text();
  const files = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[\w.-]+\.(?:js|css))"/g)].map((m) => m[1]));
  try {
    const preloads = await (await fetch('/route-preloads.json', { cache: 'no-cache' })).json();
    for (const file of preloads['/'] ?? []) files.add(file);
  } catch {
    /* an older build without the file: the entry alone still starts the app */
  }
  await cache.put('/', page);
  await Promise.all([...files].map((file) => cache.add(file).catch(() => undefined)));
}

/** What a notification opens: its item's page (/items/{id}), or the app when it names none. */
function notificationUrl(data) {
  const origin = self.location.origin;
  const candidate = data && typeof data === 'object' ? data.url : undefined;
  if (typeof candidate === 'string') {
    try {
      const url = new URL(candidate, origin);
      // Only this app's item pages: a notification never sends the member elsewhere.
      if (url.origin === origin && /^\/items\/[0-9a-f-]{36}$/i.test(url.pathname)) return url.pathname;
    } catch {
      /* not a URL: fall through */
    }
  }
  const itemId = data && typeof data === 'object' ? data.itemId : undefined;
  if (typeof itemId === 'string' && /^[0-9a-f-]{36}$/i.test(itemId)) return `/items/${itemId}`;
  return '/';
}

async function openFromNotification(notification) {
  notification.close();
  const path = notificationUrl(notification.data);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    // Focusing needs the click's permission, which some browsers withhold: the window is taken to the item anyway.
    await open.focus().catch(() => undefined);
    return open.navigate(path);
  }
  return self.clients.openWindow(path);
}

/** Network first; when the network fails, the last answer of its kind with the offline mark. */
async function networkFirst(request, cacheName, key) {
  const cache = await caches.open(cacheName);
  try {
    const answer = await fetch(request);
    if (answer.ok) await cache.put(key, answer.clone());
    return answer;
  } catch (error) {
    const kept = await cache.match(key);
    if (!kept) throw error;
    const headers = new Headers(kept.headers);
    headers.set(OFFLINE_HEADER, '1');
    return new Response(kept.body, { status: kept.status, statusText: kept.statusText, headers });
  }
}

function onFetch(event) {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(async () => (await caches.match('/', { cacheName: SHELL })) ?? Response.error()));
    return;
  }
  // Built files carry a hash in their name and never change: the cached copy is the file.
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request, { cacheName: SHELL }).then(
        (kept) =>
          kept ??
          fetch(request).then(async (answer) => {
            if (answer.ok) await (await caches.open(SHELL)).put(request, answer.clone());
            return answer;
          }),
      ),
    );
    return;
  }
  if (url.pathname === '/api/items' && !url.searchParams.has('cursor')) event.respondWith(networkFirst(request, FEED, LAST_FEED));
}

self.addEventListener('install', (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => {
  const current = [SHELL, FEED];
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('curbside-') && !current.includes(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});
self.addEventListener('fetch', onFetch);
/** A push as the notifications service sends it; anything unreadable still shows, as a plain "Curbside" notice. */
function showPush(event) {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = {};
  }
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Curbside';
  const body = typeof payload.message === 'string' ? payload.message : '';
  return self.registration.showNotification(title, {
    body,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    // One notification per alert: a push delivered twice replaces itself.
    tag: typeof payload.notificationId === 'string' ? payload.notificationId : undefined,
    data: { url: payload.url, type: payload.type },
  });
}

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(event));
});
self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openFromNotification(event.notification));
});
