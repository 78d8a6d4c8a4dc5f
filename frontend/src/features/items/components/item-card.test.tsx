import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { apiCalls, mockApi } from '../../../testing/api-mock';
import { makeItem, makeUser } from '../../../testing/factories';
import { renderWithApp } from '../../../testing/render';
import { resetChecks } from '../lib/still-there-checks';
import { ItemCard } from './item-card';

describe('ItemCard', () => {
  beforeEach(resetChecks);

  it('keeps the vote button off once voted today, and for the poster', () => {
    const user = makeUser();
    const { unmount } = renderWithApp(<ItemCard item={makeItem({ hasVotedToday: true, voteCount: 1 })} />, { user });
    const voted = screen.getByRole('button', { name: /Vote for Oak bookshelf, 1 vote$/ });
    expect(voted).toBeDisabled();
    expect(voted).toHaveAttribute('aria-pressed', 'true');
    unmount();
    renderWithApp(<ItemCard item={makeItem({ posterId: user.id })} />, { user });
    expect(screen.getByRole('button', { name: /Vote for/ })).toBeDisabled();
  });

  it('answers "not there", says when that took the item down, and offers no second answer that day', async () => {
    const user = makeUser();
    const item = makeItem();
    mockApi(`POST /api/items/${item.id}/still-there`, {
      success: true,
      message: 'Thanks: neighbours agree it is gone, so it has been taken down.',
      stillThereCount: 0,
      removed: true,
    });
    renderWithApp(<ItemCard item={item} />, { user });
    const group = screen.getByRole('group', { name: 'Is Oak bookshelf still there?' });
    await userEvent.click(within(group).getByRole('button', { name: 'Not there' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Item removed');
    expect(apiCalls(`POST /api/items/${item.id}/still-there`)[0]?.body).toEqual({ userId: user.id, stillThere: false });
    expect(screen.queryByRole('button', { name: 'Not there' })).not.toBeInTheDocument();
    expect(screen.getByText('You reported it gone today')).toBeInTheDocument();
  });

  it('treats "already checked today" as the answer given, not as an error', async () => {
    const item = makeItem();
    mockApi(`POST /api/items/${item.id}/still-there`, { code: 'ITEM.ALREADY_CONFIRMED', message: 'You already checked this item today' }, 409);
    renderWithApp(<ItemCard item={item} />, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: 'Still there' }));
    expect(await screen.findByText('You confirmed it is still there today')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tells the holder and the poster about a first-dibs reservation', () => {
    const user = makeUser();
    const until = new Date(Date.now() + 20 * 60_000).toISOString();
    const { unmount } = renderWithApp(<ItemCard item={makeItem({ status: 'first_dibs', reservedById: user.id, reservedUntil: until })} />, { user });
    expect(screen.getByText(/First Dibs: reserved for you until/)).toBeInTheDocument();
    unmount();
    renderWithApp(<ItemCard item={makeItem({ status: 'first_dibs', posterId: user.id, reservedById: null, reservedUntil: until })} />, { user });
    expect(screen.getByText(/A neighbour has first dibs until/)).toBeInTheDocument();
  });

  it('does not repeat the title in the interest toast', async () => {
    const item = makeItem({ isGarageSale: true, imageUrl: null, interestCount: 0 });
    mockApi(`POST /api/items/${item.id}/interest`, {
      isInterested: true,
      message: "You're interested! We'll keep this garage sale on your radar.",
      interestCount: 1,
    });
    renderWithApp(<ItemCard item={item} />, { user: makeUser() });
    await userEvent.click(screen.getByRole('button', { name: /Interested \(0\)/ }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(/^You're interested!We'll keep this garage sale on your radar\.$/);
  });

  it('shows status, countdown, category, distance, age, poster and the still-there badge', () => {
    const item = makeItem({ stillThereCount: 3, expiresAt: new Date(Date.now() + 5 * 3_600_000 + 10 * 60_000).toISOString() });
    renderWithApp(<ItemCard item={item} position={{ lat: 40.758, lng: -73.9855 }} />);
    expect(screen.getByText('Available')).toBeInTheDocument();
    expect(screen.getByText('Expires in 5h')).toBeInTheDocument();
    expect(screen.getByText(/< 0\.1 mi/)).toBeInTheDocument();
    expect(screen.getByText(/2h ago/)).toBeInTheDocument();
    expect(screen.getByText('Neighbour')).toBeInTheDocument();
    expect(screen.getByText('Highly Verified')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Comments (0)' })).toBeInTheDocument();
  });

  it('dims claimed items', () => {
    renderWithApp(<ItemCard item={makeItem({ status: 'claimed', claimedBy: 'Sprinter' })} />, { user: makeUser() });
    // The photo is dimmed, never the text: a see-through card takes its text below 4.5:1 contrast.
    expect(screen.getByRole('img', { name: 'Oak bookshelf' })).toHaveClass('opacity-50', 'grayscale');
    for (const text of [screen.getByText('Claimed'), screen.getByRole('heading', { name: 'Oak bookshelf' }), screen.getByText('Solid, a bit scratched')]) {
      for (let node: HTMLElement | null = text; node; node = node.parentElement) expect(node.className).not.toMatch(/\bopacity-/);
    }
    // "Claimed by" stays together (no line starting with the separator dot).
    expect(screen.getByText((_, element) => element?.textContent === 'Claimed by Sprinter')).toHaveClass('whitespace-nowrap');
    // A taken item is past the question whether it is still at the curb.
    expect(screen.queryByText('Needs Verification')).not.toBeInTheDocument();
  });

  it('offers edit and delete to the poster, report and block to others', async () => {
    const user = makeUser();
    const own = makeItem({ posterId: user.id });
    const onReport = vi.fn();
    const onBlock = vi.fn();
    const { unmount } = renderWithApp(<ItemCard item={own} onReport={onReport} onBlock={onBlock} />, { user });
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Edit Item' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Delete Item' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Report' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Block poster' })).not.toBeInTheDocument();
    unmount();

    renderWithApp(<ItemCard item={makeItem()} onReport={onReport} onBlock={onBlock} />, { user });
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    expect(screen.queryByRole('menuitem', { name: 'Edit Item' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Report' }));
    expect(onReport).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Block poster' }));
    expect(onBlock).toHaveBeenCalledTimes(1);
  });

  it('offers the poster of a post a moderator is looking at delete, not edit', async () => {
    const user = makeUser();
    renderWithApp(<ItemCard item={makeItem({ posterId: user.id, inReview: true })} />, { user });
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Edit Item' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Delete Item' })).toBeInTheDocument();
  });

  it('shows what the app composes into it where it belongs, the comments only once opened', async () => {
    renderWithApp(
      <ItemCard
        item={makeItem({ commentCount: 2 })}
        handover={<p>the line</p>}
        messages={<button type="button">Message poster</button>}
        claim={<button type="button">Claim</button>}
        comments={<p>the thread</p>}
      />,
      { user: makeUser() },
    );
    const buttons = screen.getAllByRole('button');
    const at = (name: string | RegExp) => buttons.indexOf(screen.getByRole('button', { name }));
    expect(at('Message poster')).toBeLessThan(at(/^Share /));
    expect(at('Claim')).toBeGreaterThan(at(/^Share /));
    expect(screen.getByText('the line')).toBeInTheDocument();
    expect(screen.queryByText('the thread')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View Comments (2)' }));
    expect(screen.getByText('the thread')).toBeInTheDocument();
  });

  it('votes, and shows "Voting failed" with the server message when it fails', async () => {
    const user = makeUser();
    const item = makeItem({ voteCount: 4 });
    mockApi(`POST /api/items/${item.id}/vote`, { code: 'ITEM.ALREADY_VOTED', message: 'You already voted today' }, 409);
    renderWithApp(<ItemCard item={item} />, { user });
    await userEvent.click(screen.getByRole('button', { name: /Vote for Oak bookshelf, 4 votes/ }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Voting failed');
    expect(toast).toHaveTextContent('You already voted today');
    expect(apiCalls(`POST /api/items/${item.id}/vote`)[0]?.body).toEqual({ userId: user.id });
  });

  it('asks anonymous visitors to log in before voting', async () => {
    renderWithApp(<ItemCard item={makeItem()} />, { user: null });
    await userEvent.click(screen.getByRole('button', { name: /Vote for/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please log in to vote');
  });

  it('toggles interest on garage sales and reports "Error" on failure', async () => {
    const item = makeItem({ isGarageSale: true, imageUrl: null, garageSaleAddress: '1 Main St', interestCount: 2 });
    mockApi(`POST /api/items/${item.id}/interest`, 'boom', 500);
    renderWithApp(<ItemCard item={item} />, { user: makeUser() });
    expect(screen.getByText('1 Main St')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Interested \(2\)/ }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('boom');
  });

  it('shows verified users their share of a paid reward', () => {
    renderWithApp(<ItemCard item={makeItem({ pricingType: 'paid', customAmount: 1000 })} />, { user: makeUser({ isVerified: true }) });
    expect(screen.getByText(/Reward \$10/)).toBeInTheDocument();
    expect(screen.getByText(/You earn \$5 for this pickup/)).toBeInTheDocument();
  });
});
