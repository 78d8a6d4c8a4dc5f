import { QueryClientProvider } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../api-client';
import { apiCalls, mockApi } from '../../testing/api-mock';
import { makeUser } from '../../testing/factories';
import { createQueryClient } from '../query-client';
import { userQueryOptions } from './api/get-user';
import { SessionProvider, startUp, useSession } from './session-provider';

function Who() {
  const { user, phase } = useSession();
  return (
    <p>
      {phase}: {user === undefined ? 'loading' : (user?.id ?? 'nobody')}
    </p>
  );
}

const renderSession = (reload = vi.fn()) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider reload={reload}>
        <Who />
      </SessionProvider>
    </QueryClientProvider>,
  );

describe('start-up', () => {
  beforeEach(() => localStorage.setItem('onboardingCompleted', 'true'));

  it('shows onboarding on a first visit, without making a user', async () => {
    localStorage.removeItem('onboardingCompleted');
    renderSession();
    expect(await screen.findByText('onboarding: nobody')).toBeInTheDocument();
    expect(apiCalls('POST /api/users')).toHaveLength(0);
  });

  it('creates a user when none is stored, and stores its id', async () => {
    const user = makeUser();
    mockApi('POST /api/users', user);
    renderSession();
    expect(await screen.findByText(`ready: ${user.id}`)).toBeInTheDocument();
    expect(localStorage.getItem('userId')).toBe(user.id);
    expect(apiCalls('POST /api/users')[0]?.body).toEqual({ locationRadius: '2' });
  });

  it('loads the stored user', async () => {
    const user = makeUser();
    localStorage.setItem('userId', user.id);
    mockApi(`GET /api/users/${user.id}`, user);
    renderSession();
    expect(await screen.findByText(`ready: ${user.id}`)).toBeInTheDocument();
  });

  it("uses start-up begun before it mounted (beside the first screen's download) rather than asking again", async () => {
    const user = makeUser();
    localStorage.setItem('userId', user.id);
    mockApi(`GET /api/users/${user.id}`, user);
    const queryClient = createQueryClient();
    const starting = startUp(queryClient);
    expect(apiCalls(`GET /api/users/${user.id}`)).toHaveLength(1);
    render(
      <QueryClientProvider client={queryClient}>
        <SessionProvider reload={vi.fn()} starting={starting}>
          <Who />
        </SessionProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(`ready: ${user.id}`)).toBeInTheDocument();
    expect(apiCalls(`GET /api/users/${user.id}`)).toHaveLength(1);
    // Start-up's answer is the query cache's: screens reading the member do not ask again.
    expect(queryClient.getQueryData(userQueryOptions(user.id).queryKey)).toMatchObject({ id: user.id });
  });

  it('replaces a stored id that fails to load: flags cleared, a fresh user stored, then a reload', async () => {
    const fresh = makeUser();
    localStorage.setItem('userId', 'gone');
    localStorage.setItem('tutorialCompleted', 'true');
    localStorage.setItem('locationPermitted', 'true');
    mockApi('GET /api/users/gone', 'User not found', 404);
    mockApi('POST /api/users', fresh);
    const reload = vi.fn();
    renderSession(reload);
    expect(await screen.findByText('recovering: loading')).toBeInTheDocument();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('userId')).toBe(fresh.id);
    expect(localStorage.getItem('tutorialCompleted')).toBeNull();
    expect(localStorage.getItem('locationPermitted')).toBeNull();
    expect(localStorage.getItem('onboardingCompleted')).toBe('true');
  });

  it('keeps the stored id when the server cannot be reached (only logged)', async () => {
    const user = makeUser();
    localStorage.setItem('userId', user.id);
    mockApi(`GET /api/users/${user.id}`, 'Bad gateway', 502);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderSession();
    expect(await screen.findByText('ready: nobody')).toBeInTheDocument();
    expect(localStorage.getItem('userId')).toBe(user.id);
    warn.mockRestore();
  });

  it('replaces a stored id whose session belongs to someone else (public view)', async () => {
    const fresh = makeUser();
    const other = makeUser();
    localStorage.setItem('userId', other.id);
    mockApi(`GET /api/users/${other.id}`, { id: other.id, username: 'x', points: 0, rank: 'Newbie', badges: [], scoutMode: false, subscriptionTier: 'free' });
    mockApi('POST /api/users', fresh);
    const reload = vi.fn();
    renderSession(reload);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('userId')).toBe(fresh.id);
  });
});

describe('switching user', () => {
  function Switcher({ to }: { to: ReturnType<typeof makeUser> }) {
    const { user, switchUser } = useSession();
    const items = useQuery({ queryKey: ['/api/items'], queryFn: () => api.get<unknown[]>('/api/items') });
    return (
      <>
        <p>{user?.id}</p>
        <p>{items.data ? 'items loaded' : 'no items'}</p>
        <button type="button" onClick={() => switchUser(to)}>
          Switch
        </button>
      </>
    );
  }

  it('stores the new id, shows the new user and fetches what is on screen again', async () => {
    const before = makeUser();
    const after = makeUser();
    localStorage.setItem('onboardingCompleted', 'true');
    localStorage.setItem('userId', before.id);
    mockApi(`GET /api/users/${before.id}`, before);
    mockApi('GET /api/items', []);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider reload={vi.fn()}>
          <Switcher to={after} />
        </SessionProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(before.id)).toBeInTheDocument();
    await screen.findByText('items loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Switch' }));
    expect(await screen.findByText(after.id)).toBeInTheDocument();
    expect(localStorage.getItem('userId')).toBe(after.id);
    await waitFor(() => expect(apiCalls('GET /api/items')).toHaveLength(2));
  });
});
