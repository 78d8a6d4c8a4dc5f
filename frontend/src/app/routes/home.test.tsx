import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiCalls, mockApi } from '../../testing/api-mock';
import { makeItem, makeUser } from '../../testing/factories';
import { renderWithApp } from '../../testing/render';
import HomeRoute from './home';

describe('Home feed', () => {
  // The feed reports where the neighbour is, for nearby alerts.
  beforeEach(() => mockApi('PUT /api/notifications/:id/position', { success: true }));

  it('lists items newest first with the location banner and points banner', async () => {
    const older = makeItem({ title: 'Chair', createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString() });
    const newer = makeItem({ title: 'Lamp', createdAt: new Date(Date.now() - 600_000).toISOString() });
    mockApi('GET /api/items', [older, newer]);
    renderWithApp(<HomeRoute />, { user: makeUser({ points: 40, rank: 'Newbie' }) });
    expect(screen.getByText('Searching 5 miles around you')).toBeInTheDocument();
    expect(screen.getByText('40 points to spend')).toBeInTheDocument();
    const cards = await screen.findAllByTestId('item-card');
    expect(cards.map((c) => c.querySelector('h2')?.textContent)).toEqual(['Lamp', 'Chair']);
    expect(apiCalls('GET /api/items')[0]?.url).toBe('/api/items?lat=40.758&lng=-73.9855&radius=5&limit=20');
  });

  it('names the first tab Scout Finds in scout mode', () => {
    mockApi('GET /api/items', []);
    renderWithApp(<HomeRoute />, { user: makeUser({ scoutMode: true }) });
    expect(screen.getByRole('tab', { name: 'Scout Finds' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Top Finds Today' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Rewards Shop' })).toBeInTheDocument();
  });

  it('shows the no-results state and doubles the radius', async () => {
    mockApi('GET /api/items', []);
    renderWithApp(<HomeRoute />, { user: makeUser({ points: 10, subscriptionTier: 'pro' }) });
    expect(await screen.findByText('No items within 5 miles')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Expand search to 10 miles' }));
    expect(await screen.findByText('No items within 10 miles')).toBeInTheDocument();
    expect(apiCalls('GET /api/items').at(-1)?.url).toContain('radius=10');
  });

  it('lets a free member widen past the plan: it names the plan that would give it and opens the plans', async () => {
    mockApi('GET /api/items', []);
    renderWithApp(<HomeRoute />, { user: makeUser({ points: 10, subscriptionTier: 'free' }) });
    expect(await screen.findByText('No items within 5 miles')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Expand search to 10 miles with Basic ($4.99/mo)' }));
    const plans = await screen.findByRole('dialog');
    expect(plans).toHaveTextContent('Searching 10 miles needs the Basic plan or higher');
    // Nothing wider was asked of the server: the plan has to allow it first.
    expect(apiCalls('GET /api/items').every((c) => c.url.includes('radius=5'))).toBe(true);
  });

  it('shows the first-time state for a new user, and none-in-area at 100 miles', async () => {
    mockApi('GET /api/items', []);
    localStorage.setItem('homeRadius', '100');
    renderWithApp(<HomeRoute />, { user: makeUser({ points: 10, subscriptionTier: 'pro' }) });
    expect(await screen.findByText('No items in your area yet')).toBeInTheDocument();
  });

  it('welcomes a first-time user', async () => {
    mockApi('GET /api/items', []);
    renderWithApp(<HomeRoute />, { user: makeUser({ points: 0 }) });
    expect(await screen.findByText('Welcome to Curbside!')).toBeInTheDocument();
  });

  it('changes the radius from the picker', async () => {
    mockApi('GET /api/items', []);
    renderWithApp(<HomeRoute />, { user: makeUser({ subscriptionTier: 'premium' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    await userEvent.click(screen.getByRole('button', { name: '25 mi' }));
    expect(screen.getByText('Searching 25 miles around you')).toBeInTheDocument();
  });

  it('says a free member searches 5 miles, whatever radius was stored, and locks the rest', async () => {
    mockApi('GET /api/items', []);
    localStorage.setItem('homeRadius', '25');
    renderWithApp(<HomeRoute />, { user: makeUser({ subscriptionTier: 'free' }) });
    expect(screen.getByText('Searching 5 miles around you')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(screen.getByRole('button', { name: '25 mi, locked: needs the Premium plan' })).toBeInTheDocument();
  });

  it('asks for the location, and offers Try Again after an error', async () => {
    const request = vi.fn();
    const { unmount } = renderWithApp(<HomeRoute />, { position: null, locationStatus: 'idle', requestLocation: request });
    await userEvent.click(screen.getByRole('button', { name: 'Enable Location' }));
    expect(request).toHaveBeenCalled();
    unmount();
    mockApi('GET /api/items', []);
    renderWithApp(<HomeRoute />, { position: null, locationStatus: 'error', locationError: 'User denied Geolocation', requestLocation: request });
    expect(screen.getByText(/Location Error: Unable to get your location/)).toBeInTheDocument();
    // Without a position the feed still shows something: the fallback area, as the map does.
    expect(screen.getByText(/Showing items around the centre of the US/)).toBeInTheDocument();
    await vi.waitFor(() => expect(apiCalls('GET /api/items')[0]?.url).toContain('lat=39.83'));
    // A visitor's plan searches 5 miles at most: a wider search names the plan that gives it.
    expect(await screen.findByText('No items within 5 miles')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Expand search to 10 miles with Basic ($4.99/mo)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('says "Failed to fetch items" when the feed fails', async () => {
    mockApi('GET /api/items', 'database down', 503);
    renderWithApp(<HomeRoute />, { user: makeUser() });
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Failed to fetch items');
    expect(toast).toHaveTextContent('database down');
  });

  it('loads more when the page came back full', async () => {
    const page = Array.from({ length: 20 }, (_, i) => makeItem({ title: `Item ${i}`, createdAt: new Date(Date.now() - i * 60_000).toISOString() }));
    mockApi('GET /api/items', (call: { url: string }) =>
      call.url.includes('cursor=c1')
        ? { body: [makeItem({ title: 'Older one', createdAt: '2020-01-01T00:00:00Z' })] }
        : { body: page, headers: { 'X-Next-Cursor': 'c1' } },
    );
    renderWithApp(<HomeRoute />, { user: makeUser() });
    await screen.findByText('Item 0');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older one')).toBeInTheDocument();
  });
});
