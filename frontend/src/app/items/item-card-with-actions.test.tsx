import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../testing/api-mock';
import { makeItem, makeUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import { ItemCardWithActions } from './item-card-with-actions';

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
