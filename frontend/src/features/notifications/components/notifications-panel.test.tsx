import type { Notification } from '@curbside/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { apiCalls, mockApi, type RecordedCall } from '../../../testing/api-mock';
import { makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { NotificationBell } from './notification-bell';

const user = makeUser();
let seq = 0;
function note(overrides: Partial<Notification> = {}): Notification {
  return {
    id: `00000000-0000-4000-9000-${String(++seq).padStart(12, '0')}`,
    type: 'new_item_alert',
    title: 'New item nearby',
    message: 'Oak bookshelf was posted near you',
    isRead: false,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    data: JSON.stringify({ itemId: 'x', distance: 0.4 }),
    ...overrides,
  };
}

async function openPanel() {
  await userEvent.click(await screen.findByRole('button', { name: /^Notifications/ }));
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('notifications panel', () => {
  it('shows 5 skeleton rows while loading, then the notifications with icons, colours, times and distance', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((done) => (release = done));
    mockApi(`GET /api/notifications/${user.id}/count`, { count: 1 });
    const unread = note();
    const read = note({ type: 'pickup_request', title: 'Pickup Request', isRead: true, data: '{broken' });
    mockApi(`GET /api/notifications/${user.id}`, async () => {
      await gate;
      return { body: [unread, read] };
    });
    renderWithApp(<NotificationBell userId={user.id} />, { user });
    const panel = await openPanel();
    expect(within(panel).getAllByTestId('notification-skeleton')).toHaveLength(5);
    release();
    const rows = await within(panel).findAllByTestId('notification');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('0.4 mi')).toBeInTheDocument();
    expect(within(rows[0]).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('button', { name: 'Mark "New item nearby" as read' })).toBeInTheDocument();
    // Read ones offer no mark-read action; unparseable data shows no distance.
    expect(within(rows[1]).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]).queryByText(/ mi$/)).not.toBeInTheDocument();
    expect(within(rows[1]).getByText('Pickup Request')).toHaveClass('text-blue-700');
    expect(apiCalls(`GET /api/notifications/${user.id}`)[0].url).toBe(`/api/notifications/${user.id}?unreadOnly=false`);
  });

  it('marks one read, then refreshes count and list', async () => {
    const unread = note();
    let count = 1;
    mockApi(`GET /api/notifications/${user.id}/count`, () => ({ body: { count } }));
    mockApi(`GET /api/notifications/${user.id}`, () => ({ body: [{ ...unread, isRead: count === 0 }] }));
    mockApi(`PATCH /api/notifications/${unread.id}/read`, () => {
      count = 0;
      return { body: { success: true } };
    });
    renderWithApp(<NotificationBell userId={user.id} />, { user });
    const panel = await openPanel();
    expect(within(panel).getByTestId('panel-unread-count')).toHaveTextContent('1');
    await userEvent.click(await within(panel).findByRole('button', { name: 'Mark "New item nearby" as read' }));
    await waitFor(() => expect(within(panel).queryByRole('button', { name: /as read/ })).not.toBeInTheDocument());
    expect(within(panel).queryByRole('button', { name: 'Mark All Read' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('offers Mark All Read only when something is unread, and the Unread view has its own empty state', async () => {
    let count = 3;
    mockApi(`GET /api/notifications/${user.id}/count`, () => ({ body: { count } }));
    mockApi(`GET /api/notifications/${user.id}`, (call: RecordedCall) => ({
      body: call.url.endsWith('unreadOnly=true') || count === 0 ? (count ? [note()] : []) : [note()],
    }));
    mockApi(`PATCH /api/notifications/${user.id}/read-all`, () => {
      count = 0;
      return { body: { success: true, count: 3 } };
    });
    renderWithApp(<NotificationBell userId={user.id} />, { user });
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('3');
    const panel = await openPanel();
    await userEvent.click(within(panel).getByRole('button', { name: 'Unread' }));
    expect(within(panel).getByRole('button', { name: 'Unread' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark All Read' }));
    expect(await within(panel).findByText('No unread notifications')).toBeInTheDocument();
    expect(within(panel).getByText("You're all caught up!")).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Mark All Read' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('says when there are no notifications at all, and closes on a click outside with focus back on the bell', async () => {
    mockApi(`GET /api/notifications/${user.id}/count`, { count: 0 });
    mockApi(`GET /api/notifications/${user.id}`, []);
    renderWithApp(<NotificationBell userId={user.id} />, { user });
    const panel = await openPanel();
    expect(await within(panel).findByText('No notifications')).toBeInTheDocument();
    expect(within(panel).getByText('Notifications will appear here when you have activity.')).toBeInTheDocument();
    await userEvent.click(panel); // the backdrop: the dialog element itself, outside the panel's content
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveFocus();
  });

  for (const how of ['Escape', 'the Close button'] as const) {
    it(`gives focus back to the bell when closed with ${how}, after leaving the modal state`, async () => {
      // What the browser does and jsdom does not: while a modal dialog is open, everything outside it is inert and
      // focus() on it does nothing.
      const focus = HTMLElement.prototype.focus;
      const spy = vi.spyOn(HTMLElement.prototype, 'focus').mockImplementation(function (this: HTMLElement, options?: FocusOptions) {
        if (document.querySelector('dialog[open]') && !this.closest('dialog[open]')) return;
        focus.call(this, options);
      });
      mockApi(`GET /api/notifications/${user.id}/count`, { count: 0 });
      mockApi(`GET /api/notifications/${user.id}`, []);
      renderWithApp(<NotificationBell userId={user.id} />, { user });
      const panel = await openPanel();
      // The browser puts focus in the dialog when it opens; jsdom leaves it on the bell.
      within(panel).getByRole('button', { name: 'Close notifications' }).focus();
      if (how === 'Escape') fireEvent(panel, new Event('cancel', { cancelable: true }));
      else await userEvent.click(within(panel).getByRole('button', { name: 'Close notifications' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: 'Notifications' })).toHaveFocus();
      spy.mockRestore();
    });
  }

  it('keeps the panel open for clicks inside it', async () => {
    mockApi(`GET /api/notifications/${user.id}/count`, { count: 0 });
    mockApi(`GET /api/notifications/${user.id}`, []);
    renderWithApp(<NotificationBell userId={user.id} />, { user });
    const panel = await openPanel();
    await userEvent.click(await within(panel).findByText('No notifications'));
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
  });
});
