import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { apiCalls, mockApi } from '../../testing/api-mock';
import { makeUser } from '../../testing/factories';
import { createQueryClient } from '../../lib/query-client';
import { SessionProvider, useSession } from './session-provider';

function Who() {
  const { user } = useSession();
  return <p>{user === undefined ? 'loading' : (user?.id ?? 'nobody')}</p>;
}

const renderSession = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <Who />
      </SessionProvider>
    </QueryClientProvider>,
  );

describe('start-up', () => {
  it('creates a user when none is stored, and stores its id', async () => {
    const user = makeUser();
    mockApi('POST /api/users', user);
    renderSession();
    expect(await screen.findByText(user.id)).toBeInTheDocument();
    expect(localStorage.getItem('userId')).toBe(user.id);
    expect(apiCalls('POST /api/users')[0]?.body).toEqual({ locationRadius: '2' });
  });

  it('loads the stored user', async () => {
    const user = makeUser();
    localStorage.setItem('userId', user.id);
    mockApi(`GET /api/users/${user.id}`, user);
    renderSession();
    expect(await screen.findByText(user.id)).toBeInTheDocument();
  });

  it('replaces a stored id that fails to load', async () => {
    const fresh = makeUser();
    localStorage.setItem('userId', 'gone');
    mockApi('GET /api/users/gone', 'User not found', 404);
    mockApi('POST /api/users', fresh);
    renderSession();
    expect(await screen.findByText(fresh.id)).toBeInTheDocument();
    expect(localStorage.getItem('userId')).toBe(fresh.id);
  });

  it('replaces a stored id whose session belongs to someone else (public view)', async () => {
    const fresh = makeUser();
    const other = makeUser();
    localStorage.setItem('userId', other.id);
    mockApi(`GET /api/users/${other.id}`, { id: other.id, username: 'x', points: 0, rank: 'Newbie', badges: [], scoutMode: false, subscriptionTier: 'free' });
    mockApi('POST /api/users', fresh);
    renderSession();
    expect(await screen.findByText(fresh.id)).toBeInTheDocument();
  });
});
