import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createQueryClient } from '../lib/query-client';
import { mockApi } from '../testing/api-mock';
import { makeUser } from '../testing/factories';
import { StaticLocationProvider } from '../lib/location/location-provider';
import { SessionProvider } from '../lib/session/session-provider';
import { SessionGate } from './session-gate';

const renderGate = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider reload={() => undefined}>
        <StaticLocationProvider value={{ status: 'idle', position: null }}>
          <SessionGate>
            <p>The app</p>
          </SessionGate>
        </StaticLocationProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );

describe('SessionGate', () => {
  beforeEach(() => localStorage.setItem('onboardingCompleted', 'true'));

  it('reads "Loading Curbside..." while a first user is made, then shows the app', async () => {
    mockApi('POST /api/users', makeUser());
    renderGate();
    expect(screen.getByRole('status')).toHaveTextContent('Loading Curbside...');
    expect(await screen.findByText('The app')).toBeInTheDocument();
  });

  it('shows a returning neighbour the app at once while their record loads', async () => {
    const user = makeUser({ points: 5 });
    localStorage.setItem('userId', user.id);
    mockApi(`GET /api/users/${user.id}`, user);
    renderGate();
    expect(screen.getByText('The app')).toBeInTheDocument();
    expect(screen.queryByText('Loading Curbside...')).not.toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('userId')).toBe(user.id));
  });

  it('reads "User not found, reloading..." when the stored user is gone', async () => {
    localStorage.setItem('userId', 'gone');
    mockApi('GET /api/users/gone', 'User not found', 404);
    mockApi('POST /api/users', makeUser());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderGate();
    expect(await screen.findByText('User not found, reloading...')).toBeInTheDocument();
    expect(screen.queryByText('The app')).not.toBeInTheDocument();
    warn.mockRestore();
  });

  it('shows onboarding on a first visit', async () => {
    localStorage.removeItem('onboardingCompleted');
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Welcome to Curbside!' })).toBeInTheDocument();
    expect(screen.queryByText('The app')).not.toBeInTheDocument();
  });
});
