import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageButtons } from './message-buttons';
import { apiCalls, mockApi } from '../../../testing/api-mock';
import { publishLiveNotification } from '../../../lib/notifications/live-status';
import { makeItem, makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';

const ANNA = '22222222-2222-4222-8222-222222222222';
const BEN = '33333333-3333-4333-8333-333333333333';

/** Garage-sale threads on an item card (docs/product-rules.md, Handover messages). */
describe('garage-sale messages on the card', () => {
  it('offers "Message poster" to an interested member only, opening their thread', async () => {
    const user = makeUser();
    const sale = makeItem({ isGarageSale: true, imageUrl: null, isInterested: false });
    const { unmount } = renderWithApp(<MessageButtons item={sale} />, { user });
    expect(screen.queryByRole('button', { name: /message poster/i })).not.toBeInTheDocument();
    unmount();

    const interested = makeItem({ isGarageSale: true, imageUrl: null, isInterested: true });
    mockApi(`GET /api/items/${interested.id}/messages`, { itemId: interested.id, memberId: user.id, otherName: 'Gina', canWrite: true, messages: [] });
    renderWithApp(<MessageButtons item={interested} />, { user });
    await userEvent.click(screen.getByRole('button', { name: /message poster/i }));
    expect(await screen.findByText('Only you and Gina see this conversation.')).toBeInTheDocument();
    expect(apiCalls(`GET /api/items/${interested.id}/messages/threads`)).toEqual([]);
  });

  it('shows the poster "Messages (N)", lists who wrote and opens the chosen thread', async () => {
    const user = makeUser();
    const sale = makeItem({ isGarageSale: true, imageUrl: null, posterId: user.id });
    const now = Date.now();
    mockApi(`GET /api/items/${sale.id}/messages/threads`, [
      { memberId: BEN, name: 'Ben', lastMessageAt: new Date(now - 5 * 60_000).toISOString(), count: 1, awaitingReply: true },
      { memberId: ANNA, name: 'Anna', lastMessageAt: new Date(now - 90 * 60_000).toISOString(), count: 2, awaitingReply: false },
    ]);
    mockApi(`GET /api/items/${sale.id}/messages`, { itemId: sale.id, memberId: ANNA, otherName: 'Anna', canWrite: true, messages: [] });
    renderWithApp(<MessageButtons item={sale} />, { user });

    expect(screen.queryByRole('button', { name: /message poster|message holder/i })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Messages (2)' }));
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const rows = within(list).getAllByRole('button');
    expect(rows.map((row) => row.textContent)).toEqual(['BenAwaiting reply1 message · 5m ago', 'Anna2 messages · 1h ago']);

    await userEvent.click(rows[1]);
    expect(await screen.findByText('Only you and Anna see this conversation.')).toBeInTheDocument();
    expect(apiCalls(`GET /api/items/${sale.id}/messages`).map((c) => c.url)).toEqual([`/api/items/${sale.id}/messages?with=${ANNA}`]);
  });

  it("reads the poster's threads again when a message about this sale arrives live, and not for another item", async () => {
    const user = makeUser();
    const sale = makeItem({ isGarageSale: true, imageUrl: null, posterId: user.id });
    const thread = (memberId: string, name: string) => ({ memberId, name, lastMessageAt: new Date().toISOString(), count: 1, awaitingReply: true });
    let threads = [thread(BEN, 'Ben')];
    mockApi(`GET /api/items/${sale.id}/messages/threads`, () => ({ status: 200, body: threads }));
    renderWithApp(<MessageButtons item={sale} />, { user });
    expect(await screen.findByRole('button', { name: 'Messages (1)' })).toBeInTheDocument();

    threads = [thread(ANNA, 'Anna'), thread(BEN, 'Ben')];
    const live = (itemId: string) => ({
      id: crypto.randomUUID(),
      type: 'handover_message' as const,
      title: 'New message',
      message: 'Anna wrote about your sale',
      isRead: false,
      createdAt: new Date().toISOString(),
      data: JSON.stringify({ itemId }),
    });
    act(() => publishLiveNotification(live(crypto.randomUUID())));
    expect(apiCalls(`GET /api/items/${sale.id}/messages/threads`)).toHaveLength(1);
    act(() => publishLiveNotification(live(sale.id)));
    expect(await screen.findByRole('button', { name: 'Messages (2)' })).toBeInTheDocument();
    expect(apiCalls(`GET /api/items/${sale.id}/messages/threads`)).toHaveLength(2);
  });
});
