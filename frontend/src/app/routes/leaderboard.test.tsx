import type { LeaderboardEntry } from '@curbside/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../testing/api-mock';
import { makeUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import LeaderboardRoute from './leaderboard';

let n = 0;
const entry = (overrides: Partial<LeaderboardEntry>): LeaderboardEntry => ({
  id: `00000000-0000-4000-b000-${String(++n).padStart(12, '0')}`,
  username: 'Neighbour',
  points: 10,
  badges: [],
  rank: 'Newbie',
  scoutMode: false,
  ...overrides,
});

describe('leaderboard', () => {
  it('shows the standings, stat tiles, top achievers and badge chips', async () => {
    const me = makeUser({ badges: ['First Post Badge', 'Scout Badge'] });
    mockApi('GET /api/leaderboard', [
      entry({
        username: 'Ada',
        points: 2600,
        rank: 'Curb Master',
        scoutMode: true,
        badges: ['First Post Badge', 'Scout Badge', 'Explorer Badge', 'Community Helper', 'Curb Legend'],
      }),
      entry({ username: 'Bo', points: 300, rank: 'Curb Sprinter' }),
      entry({ id: me.id, username: 'Me', points: 35, badges: ['First Post Badge', 'Scout Badge'] }),
      entry({ username: 'Cy', points: 1, badges: ['First Post Badge'] }),
    ]);
    renderWithApp(<LeaderboardRoute />, { user: me });
    expect(screen.getByRole('heading', { name: 'Leaderboard' })).toBeInTheDocument();
    expect(screen.getByText('Top performers in the community')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Badges (2/7)' })).toBeInTheDocument();

    const rows = await screen.findAllByTestId('leaderboard-row');
    expect(rows).toHaveLength(4);
    expect(screen.getByText('Active Users').previousSibling).toHaveTextContent('4');
    expect(screen.getByText('Top Score').previousSibling).toHaveTextContent('2600');
    expect(within(rows[0]).getByText('Scout')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Curb Master')).toHaveClass('bg-amber-100');
    expect(within(rows[0]).getByText('+2 more')).toBeInTheDocument();
    expect(within(rows[0]).getByText('2600 points earned')).toBeInTheDocument();
    expect(within(rows[3]).getByText('1 point earned')).toBeInTheDocument();
    expect(within(rows[1]).queryByText('Scout')).not.toBeInTheDocument();

    const achievers = screen.getByRole('heading', { name: 'Top Achievers' }).parentElement as HTMLElement;
    expect(
      within(achievers)
        .getAllByRole('listitem')
        .filter((li) => li.parentElement?.tagName === 'OL')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Ada'), expect.stringContaining('Me'), expect.stringContaining('Cy')]);
  });

  it('opens a dialog per badge with how to earn it, and marks held ones', async () => {
    const me = makeUser({ badges: ['First Post Badge'] });
    mockApi('GET /api/leaderboard', []);
    renderWithApp(<LeaderboardRoute />, { user: me });
    const opener = screen.getByRole('button', { name: /First Post Badge/ });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'First Post Badge' });
    expect(within(dialog).getByText('How to earn:')).toBeInTheDocument();
    expect(within(dialog).getByText('Make your first post')).toBeInTheDocument();
    expect(within(dialog).getByText('Posting')).toBeInTheDocument();
    expect(within(dialog).getByText('+10 points')).toBeInTheDocument();
    expect(within(dialog).getByText('✓ Earned')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(opener).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: /Curb Legend/ }));
    const legend = screen.getByRole('dialog', { name: 'Curb Legend' });
    expect(within(legend).getByText('Reach 1000 points earned and earn all six other badges')).toBeInTheDocument();
    expect(within(legend).queryByText('✓ Earned')).not.toBeInTheDocument();
  });

  it('says so when nobody has points yet', async () => {
    mockApi('GET /api/leaderboard', []);
    renderWithApp(<LeaderboardRoute />, { user: makeUser() });
    expect(await screen.findByText('No Users Yet')).toBeInTheDocument();
    expect(screen.getByText('Be the first to start earning points!')).toBeInTheDocument();
  });
});
