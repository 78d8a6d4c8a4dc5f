import { screen } from '@testing-library/react';
import { mockApi } from '../../testing/api-mock';
import { makeItem, makeUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import TopFindsRoute from './top-finds';

describe('Top Finds Today', () => {
  it('ranks items by votes with "{n} votes" badges', async () => {
    mockApi('GET /api/top-finds', [makeItem({ title: 'Second', voteCount: 3 }), makeItem({ title: 'First', voteCount: 9 })]);
    mockApi('GET /api/items/:id/comments', []);
    renderWithApp(<TopFindsRoute />, { user: makeUser() });
    expect(screen.getByRole('heading', { name: 'Top Finds Today' })).toBeInTheDocument();
    expect(screen.getByText('Most voted items in your area')).toBeInTheDocument();
    expect(screen.getByText('Votes reset at midnight')).toBeInTheDocument();
    expect(await screen.findByText('9 votes')).toBeInTheDocument();
    expect(screen.getByLabelText('Rank 1').closest('li')).toHaveTextContent('First');
  });

  it('shows the empty state', async () => {
    mockApi('GET /api/top-finds', []);
    renderWithApp(<TopFindsRoute />);
    expect(await screen.findByText('No Top Finds Yet')).toBeInTheDocument();
    expect(screen.getByText('Be the first to vote for great finds in your area!')).toBeInTheDocument();
    expect(screen.getByText('Items with the most votes today will appear here.')).toBeInTheDocument();
  });

  it('tells a member whose votes it does not count yet (unverified, account under a day old) when they will', async () => {
    mockApi('GET /api/top-finds', []);
    const { unmount } = renderWithApp(<TopFindsRoute />, { user: makeUser({ isVerified: false, createdAt: new Date().toISOString() }) });
    expect(await screen.findByText('No Top Finds Yet')).toBeInTheDocument();
    expect(screen.getByText('Your votes count toward Top Finds once you verify your phone number, or once your account is a day old.')).toBeInTheDocument();
    expect(screen.queryByText('Be the first to vote for great finds in your area!')).not.toBeInTheDocument();
    unmount();
    renderWithApp(<TopFindsRoute />, { user: makeUser({ isVerified: true, createdAt: new Date().toISOString() }) });
    expect(await screen.findByText('Be the first to vote for great finds in your area!')).toBeInTheDocument();
  });

  it('needs the location', () => {
    renderWithApp(<TopFindsRoute />, { position: null, locationStatus: 'error' });
    expect(screen.getByText('Location Access Required')).toBeInTheDocument();
    expect(screen.getByText('We need your location to show the top finds in your area.')).toBeInTheDocument();
    expect(screen.getByText('Please enable location access in your browser settings.')).toBeInTheDocument();
  });

  it('shows three skeletons while loading, and "Failed to fetch top finds" on failure', async () => {
    mockApi('GET /api/top-finds', 'nope', 500);
    renderWithApp(<TopFindsRoute />);
    expect(screen.getAllByTestId('card-skeleton')).toHaveLength(3);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch top finds');
  });
});
