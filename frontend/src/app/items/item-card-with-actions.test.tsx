import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { useItem } from '../../features/items/api/get-item';
import { rememberAcceptedTerms } from '../../lib/safety-terms';
import { mockApi } from '../../testing/api-mock';
import { makeItem, makeUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { ItemCardWithActions } from './item-card-with-actions';

// jsdom cannot decode images: the encoder is replaced by a fixed JPEG data URL.
vi.mock('../../features/claims/lib/encode-photo', () => ({
  encodeFile: vi.fn(async () => 'data:image/jpeg;base64,QUJD'),
  captureVideoFrame: vi.fn(() => 'data:image/jpeg;base64,QUJD'),
  stripDataUrl: (d: string) => d.slice(d.indexOf(',') + 1),
}));

/** The card of an item as its page loads it, so a change the server reports reaches the card. */
function ItemPage({ itemId }: { itemId: string }) {
  const item = useItem(itemId);
  return item.data ? <ItemCardWithActions item={item.data} /> : null;
}

describe('ItemCardWithActions and a claim', () => {
  beforeEach(() => rememberAcceptedTerms('claiming'));

  it('after a reservation another member made first: says so, shows the card as it is now (its line) and keeps focus on the card', async () => {
    const user = makeUser();
    const item = makeItem();
    let current = item;
    mockApi(`GET /api/items/${item.id}`, () => ({ body: current }));
    mockApi(`PATCH /api/items/${item.id}/claim`, () => {
      current = { ...item, status: 'first_dibs', reservedById: 'someone-else', reservedUntil: new Date(Date.now() + 25 * 60_000).toISOString() };
      return { status: 409, body: { code: 'ITEM.NOT_AVAILABLE', message: 'This item is no longer available' } };
    });
    renderWithApp(<ItemPage itemId={item.id} />, { user });
    await userEvent.click(await screen.findByRole('button', { name: 'Claim' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reserve with First Dibs (30 min)' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Someone Got There First');
    expect(toast).not.toHaveTextContent('no longer available');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Claim Item' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Get in line' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Claim' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: item.title })).toHaveFocus();
  });

  it('once claimed and the sheet has closed itself, focus is on the card’s heading (Claim is gone)', async () => {
    const user = makeUser();
    const item = makeItem();
    let current = item;
    mockApi(`GET /api/items/${item.id}`, () => ({ body: current }));
    mockApi(`POST /api/items/${item.id}/validate-pickup`, { isValid: true, confidence: 0.91, reason: 'Looks like a bookshelf at the curb' });
    mockApi(`PATCH /api/items/${item.id}/claim`, () => {
      current = { ...item, status: 'claimed', claimedBy: user.username, claimedById: user.id };
      return { body: { success: true, message: 'Item claimed! Enjoy your find.', item: current } };
    });
    mockApi(`GET /api/users/${user.id}`, user);
    renderWithApp(<ItemPage itemId={item.id} />, { user });
    await userEvent.click(await screen.findByRole('button', { name: 'Claim' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await userEvent.upload(screen.getByLabelText('Upload verification photo'), new File(['x'], 'pickup.jpg', { type: 'image/jpeg' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Claim Item' }));
    expect(await screen.findByText('Item Claimed!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Claim Item' })).not.toBeInTheDocument(), { timeout: 4000 });
    expect(screen.getByRole('heading', { name: item.title })).toHaveFocus();
  });
});

/** The card as the screens show it: the item's own card with claims, messages, comments, reports and blocks. */
describe('ItemCardWithActions', () => {
  it('offers Claim to a neighbour and to the member holding first dibs, never to the poster or once claimed', () => {
    const user = makeUser();
    const until = new Date(Date.now() + 20 * 60_000).toISOString();
    const { unmount } = renderWithApp(<ItemCardWithActions item={makeItem()} />, { user });
    expect(screen.getByRole('button', { name: 'Claim' })).toBeInTheDocument();
    unmount();
    const held = renderWithApp(<ItemCardWithActions item={makeItem({ status: 'first_dibs', reservedById: user.id, reservedUntil: until })} />, { user });
    expect(screen.getByRole('button', { name: 'Claim' })).toBeInTheDocument();
    held.unmount();
    const own = renderWithApp(<ItemCardWithActions item={makeItem({ posterId: user.id })} />, { user });
    expect(screen.queryByRole('button', { name: 'Claim' })).not.toBeInTheDocument();
    own.unmount();
    renderWithApp(<ItemCardWithActions item={makeItem({ status: 'claimed', claimedBy: 'Sprinter' })} />, { user });
    expect(screen.queryByRole('button', { name: 'Claim' })).not.toBeInTheDocument();
  });

  it("opens Report Content and Block from the menu of another member's item", async () => {
    const item = makeItem();
    renderWithApp(<ItemCardWithActions item={item} />, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Report' }));
    expect(await screen.findByRole('dialog', { name: 'Report Content' })).toHaveTextContent(`Tell us what's wrong with "${item.title}".`);
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Report Content' })).getByRole('button', { name: /close/i }));
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Block poster' }));
    expect(await screen.findByRole('dialog', { name: `Block ${item.poster.username}?` })).toBeInTheDocument();
  });

  it("opens the comments with Report and Block on another member's comment only", async () => {
    const user = makeUser();
    const item = makeItem({ commentCount: 2 });
    const comment = (id: string, userId: string, username: string) => ({
      id,
      itemId: item.id,
      content: `From ${username}`,
      createdAt: new Date().toISOString(),
      isEdited: false,
      user: { id: userId, username, rank: 'Scout', subscriptionTier: 'premium' },
    });
    mockApi(`GET /api/items/${item.id}/comments`, [comment('c1', user.id, user.username), comment('c2', 'someone-else', 'Pat')]);
    mockApi(`GET /api/users/${user.id}/comments/monthly`, { used: 0, limit: 5 });
    renderWithApp(<ItemCardWithActions item={item} />, { user });
    await userEvent.click(screen.getByRole('button', { name: 'View Comments (2)' }));
    await screen.findByText('From Pat');
    expect(screen.getAllByRole('button', { name: /^Report / })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Block / })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: "Report Pat's comment" }));
    expect(await screen.findByRole('dialog', { name: 'Report Content' })).toHaveTextContent("Tell us what's wrong with Pat's comment.");
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Report Content' })).getByRole('button', { name: /close/i }));
    await userEvent.click(screen.getByRole('button', { name: 'Block Pat' }));
    expect(await screen.findByRole('dialog', { name: 'Block Pat?' })).toBeInTheDocument();
  });
});
