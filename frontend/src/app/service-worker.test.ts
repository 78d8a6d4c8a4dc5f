import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

type Handler = (event: unknown) => void;
const source = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../public/sw.js'), 'utf8');
const ITEM = '3f2a9c1e-8b7d-4e6f-a5c4-b3a2918f7e6d';

/** public/sw.js run in a fake worker scope: its handlers, the windows it sees, what it opens. */
function worker(windows: { url: string; focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn> }[] = []) {
  const handlers = new Map<string, Handler>();
  const clients = { matchAll: vi.fn().mockResolvedValue(windows), openWindow: vi.fn().mockResolvedValue(null), claim: vi.fn() };
  const registration = { showNotification: vi.fn().mockResolvedValue(undefined) };
  const self = {
    location: { origin: 'https://curbside.example' },
    clients,
    registration,
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: vi.fn(),
  };
  new Function('self', 'caches', 'fetch', source)(self, {}, vi.fn());
  async function click(data: unknown) {
    const close = vi.fn();
    let done: Promise<unknown> = Promise.resolve();
    handlers.get('notificationclick')?.({ notification: { data, close }, waitUntil: (promise: Promise<unknown>) => (done = promise) });
    await done;
    return close;
  }
  async function push(json: () => unknown) {
    let done: Promise<unknown> = Promise.resolve();
    handlers.get('push')?.({ data: { json }, waitUntil: (promise: Promise<unknown>) => (done = promise) });
    await done;
    return registration.showNotification;
  }
  return { handlers, clients, click, push };
}

describe('the service worker', () => {
  it('listens for installs, fetches and notification clicks', () => {
    expect([...worker().handlers.keys()].sort()).toEqual(['activate', 'fetch', 'install', 'notificationclick', 'push']);
  });

  it('shows a push as a notification with its title and message, whose click opens its URL', async () => {
    const { push, click, clients } = worker();
    const shown = await push(() => ({
      type: 'new_item_alert',
      title: 'New Item Nearby',
      message: '"Oak desk" was just posted 0.4 mi from you',
      url: `/items/${ITEM}`,
      notificationId: 'n-1',
    }));
    expect(shown).toHaveBeenCalledWith(
      'New Item Nearby',
      expect.objectContaining({ body: '"Oak desk" was just posted 0.4 mi from you', tag: 'n-1', data: { url: `/items/${ITEM}`, type: 'new_item_alert' } }),
    );
    await click(shown.mock.calls[0][1].data);
    expect(clients.openWindow).toHaveBeenCalledWith(`/items/${ITEM}`);
  });

  it('still shows a push it cannot read, as a plain Curbside notice', async () => {
    const shown = await worker().push(() => {
      throw new SyntaxError('not JSON');
    });
    expect(shown).toHaveBeenCalledWith('Curbside', expect.objectContaining({ body: '' }));
  });

  it("opens the notification's item page in a new window when the app is not open", async () => {
    const { click, clients } = worker();
    const close = await click({ url: `/items/${ITEM}`, type: 'you_are_up' });
    expect(close).toHaveBeenCalled();
    expect(clients.openWindow).toHaveBeenCalledWith(`/items/${ITEM}`);
  });

  it('brings an open window of the app to the item instead of opening another', async () => {
    const open = { url: 'https://curbside.example/map', focus: vi.fn().mockResolvedValue(undefined), navigate: vi.fn().mockResolvedValue(undefined) };
    const { click, clients } = worker([open]);
    await click({ url: `https://curbside.example/items/${ITEM}` });
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`/items/${ITEM}`);
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('takes an open window to the item even when the browser refuses to focus it', async () => {
    const open = {
      url: 'https://curbside.example/',
      focus: vi.fn().mockRejectedValue(new Error('Not allowed to focus a window.')),
      navigate: vi.fn().mockResolvedValue(undefined),
    };
    const { click } = worker([open]);
    await click({ url: `/items/${ITEM}` });
    expect(open.navigate).toHaveBeenCalledWith(`/items/${ITEM}`);
  });

  it("uses the item id when there is no URL, and never leaves the app's item pages", async () => {
    const opened = async (data: unknown) => {
      const { click, clients } = worker();
      await click(data);
      return clients.openWindow.mock.calls[0]?.[0];
    };
    expect(await opened({ itemId: ITEM })).toBe(`/items/${ITEM}`);
    expect(await opened({ url: `https://evil.example/items/${ITEM}` })).toBe('/');
    expect(await opened({ url: 'javascript:alert(1)' })).toBe('/');
    expect(await opened({ url: '/settings' })).toBe('/');
    expect(await opened({ itemId: '../../admin' })).toBe('/');
    expect(await opened(null)).toBe('/');
  });
});
