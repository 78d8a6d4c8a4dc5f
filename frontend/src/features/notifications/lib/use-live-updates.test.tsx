import type { Notification } from '@curbside/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { apiCalls, mockApi } from '../../../testing/api-mock';
import { installFakeEventSource, type FakeEventSource } from '../../../testing/event-source';
import { makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { unreadCountQueryOptions } from '../api/get-unread-count';
import { notificationKeys } from '../api/keys';
import { NotificationBell } from '../components/notification-bell';
import { isLiveConnected } from '../../../lib/notifications/live-status';

const user = makeUser();

function badgeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: crypto.randomUUID(),
    type: 'ranking_alert',
    title: 'Badge Earned: First Post Badge',
    message: 'You earned the "First Post Badge" and 10 bonus points!',
    isRead: false,
    createdAt: new Date().toISOString(),
    data: JSON.stringify({ badgeName: 'First Post Badge', animationTrigger: 'badge_earned', bonusPoints: 10 }),
    ...overrides,
  };
}

describe('live updates', () => {
  let Source: typeof FakeEventSource;
  beforeEach(() => {
    Source = installFakeEventSource();
    mockApi(`GET /api/notifications/${user.id}/count`, { count: 0 });
  });

  it('opens the stream on the same origin and takes the unread count from it; polling stops while it is open', async () => {
    const { queryClient } = renderWithApp(<NotificationBell userId={user.id} />, { user });
    const stream = Source.latest();
    expect(stream.url).toBe('/api/events/stream');
    expect(unreadCountQueryOptions(user.id, false).refetchInterval).toBe(30_000);
    act(() => stream.open());
    expect(isLiveConnected()).toBe(true);
    expect(unreadCountQueryOptions(user.id, true).refetchInterval).toBe(false);
    act(() => stream.emit('count', { count: 12 }));
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('9+');

    // A dropped stream: back to polling until the browser has reconnected; then open lists are read again.
    act(() => stream.fail());
    expect(isLiveConnected()).toBe(false);
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    act(() => stream.open());
    expect(isLiveConnected()).toBe(true);
    expect(spy).toHaveBeenCalledWith({ queryKey: notificationKeys.lists(user.id) });
  });

  it('puts a new notification at the top of the loaded lists, once', async () => {
    const { queryClient } = renderWithApp(<NotificationBell userId={user.id} />, { user });
    const existing = badgeNotification({
      id: crypto.randomUUID(),
      type: 'new_item_alert',
      title: 'New item',
      createdAt: new Date(Date.now() - 60_000).toISOString(),
    });
    queryClient.setQueryData(notificationKeys.list(user.id, false), [existing]);
    queryClient.setQueryData(notificationKeys.list(user.id, true), [existing]);
    const stream = Source.latest();
    act(() => stream.open());
    const fresh = { ...badgeNotification(), type: 'pickup_request' as const, title: 'Pickup Request', isRead: false };
    act(() => stream.emit('notification', fresh));
    act(() => stream.emit('notification', fresh));
    expect(queryClient.getQueryData<Notification[]>(notificationKeys.list(user.id, false))?.map((n) => n.id)).toEqual([fresh.id, existing.id]);
    expect(queryClient.getQueryData<Notification[]>(notificationKeys.list(user.id, true))?.map((n) => n.id)).toEqual([fresh.id, existing.id]);
    act(() => stream.emit('notification', '{garbage'));
    expect(queryClient.getQueryData<Notification[]>(notificationKeys.list(user.id, false))).toHaveLength(2);
  });

  it('reads again what a notification says changed: a rank or badge the member, an item alert the item lists', async () => {
    const elsewhere = { member: () => [['/api/leaderboard']], rewards: (id: string) => [['/api/users', id, 'rewards']] };
    const { queryClient } = renderWithApp(<NotificationBell userId={user.id} staleElsewhere={elsewhere} />, { user });
    const stream = Source.latest();
    act(() => stream.open());
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    act(() => stream.emit('notification', badgeNotification({ type: 'ranking_update', title: 'Rank Up!' })));
    expect(spy).toHaveBeenCalledWith({ queryKey: ['/api/users', user.id] });
    expect(spy).toHaveBeenCalledWith({ queryKey: ['/api/leaderboard'] });
    expect(spy).not.toHaveBeenCalledWith({ queryKey: ['/api/items'] });
    spy.mockClear();
    act(() => stream.emit('notification', badgeNotification({ type: 'new_item_alert', title: 'New Item Nearby' })));
    expect(spy).toHaveBeenCalledWith({ queryKey: ['/api/items'] });
    expect(spy).not.toHaveBeenCalledWith({ queryKey: ['/api/users', user.id] });
    expect(spy).not.toHaveBeenCalledWith({ queryKey: ['/api/leaderboard'] });
    spy.mockClear();
    act(() => stream.emit('notification', badgeNotification({ type: 'reward_update', title: 'Reward sent' })));
    expect(spy).toHaveBeenCalledWith({ queryKey: ['/api/users', user.id, 'rewards'] });
  });

  it('reads everything again when the browser shows a page it kept (Back after a full page load)', async () => {
    const { queryClient } = renderWithApp(<NotificationBell userId={user.id} />, { user });
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    act(() => void window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: false })));
    expect(spy).not.toHaveBeenCalled();
    act(() => void window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true })));
    expect(spy).toHaveBeenCalledWith();
  });

  it('refetches open lists when the count drops (read in another tab)', async () => {
    const { queryClient } = renderWithApp(<NotificationBell userId={user.id} />, { user });
    const stream = Source.latest();
    act(() => stream.open());
    act(() => stream.emit('count', { count: 2 }));
    await waitFor(() => expect(queryClient.getQueryData(notificationKeys.count(user.id))).toEqual({ count: 2 }));
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    act(() => stream.emit('count', { count: 3 }));
    await waitFor(() => expect(queryClient.getQueryData(notificationKeys.count(user.id))).toEqual({ count: 3 }));
    expect(spy).not.toHaveBeenCalled();
    act(() => stream.emit('count', { count: 0 }));
    await waitFor(() => expect(spy).toHaveBeenCalledWith({ queryKey: notificationKeys.lists(user.id) }));
  });

  it('tries again later when the server refuses the stream', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithApp(<NotificationBell userId={user.id} />, { user });
    act(() => Source.latest().fail(true));
    expect(Source.instances).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(Source.instances).toHaveLength(2);
  });

  it('closes the stream when the bell goes away', () => {
    const { unmount } = renderWithApp(<NotificationBell userId={user.id} />, { user });
    const stream = Source.latest();
    act(() => stream.open());
    unmount();
    expect(stream.readyState).toBe(2);
    expect(isLiveConnected()).toBe(false);
  });
});

describe('badge celebration', () => {
  let Source: typeof FakeEventSource;
  beforeEach(() => {
    Source = installFakeEventSource();
    mockApi(`GET /api/notifications/${user.id}/count`, { count: 0 });
  });

  it('shows a live "Badge Earned" notification for 5 s, once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithApp(<NotificationBell userId={user.id} />, { user });
    const stream = Source.latest();
    act(() => stream.open());
    const earned = badgeNotification();
    act(() => stream.emit('notification', earned));
    const overlay = await screen.findByTestId('badge-celebration');
    expect(overlay).toHaveTextContent('Badge Earned!');
    expect(overlay).toHaveTextContent('First Post Badge');
    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(screen.getByTestId('badge-celebration')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByTestId('badge-celebration')).not.toBeInTheDocument();
    // The same notification again (a replay after reconnecting) is not celebrated twice.
    act(() => stream.emit('notification', earned));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByTestId('badge-celebration')).not.toBeInTheDocument();
  });

  it('ignores old badge notifications and other kinds', async () => {
    renderWithApp(<NotificationBell userId={user.id} />, { user });
    const stream = Source.latest();
    act(() => stream.open());
    act(() => stream.emit('notification', badgeNotification({ createdAt: new Date(Date.now() - 60_000).toISOString() })));
    act(() => stream.emit('notification', badgeNotification({ type: 'ranking_update', title: 'Rank Up!' })));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('badge-celebration')).not.toBeInTheDocument();
  });

  it('without the stream, the home screen looks for new badges every 2 s', async () => {
    vi.stubGlobal('EventSource', undefined);
    const earned = badgeNotification();
    let answer: Notification[] = [];
    mockApi(`GET /api/notifications/${user.id}`, () => ({ body: answer }));
    renderWithApp(<NotificationBell userId={user.id} />, { user, path: '/' });
    await waitFor(() => expect(apiCalls(`GET /api/notifications/${user.id}`)).toHaveLength(1));
    answer = [earned];
    expect(await screen.findByTestId('badge-celebration', {}, { timeout: 6_000 })).toHaveTextContent('First Post Badge');
  });
});
