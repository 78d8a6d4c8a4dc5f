import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { mockApi } from '../../../testing/api-mock';
import { LocationProvider, PERMISSION_REFUSED, StaticLocationProvider } from '../../../lib/location/location-provider';
import { LocationBanner } from './location-banner';

describe('LocationBanner', () => {
  it('says "1 mile", not "1 miles"', () => {
    render(
      <StaticLocationProvider value={{ status: 'granted', position: { lat: 45, lng: -73 } }}>
        <LocationBanner radius={1} onChangeRadius={() => undefined} />
      </StaticLocationProvider>,
    );
    expect(screen.getByText('Searching 1 mile around you')).toBeInTheDocument();
  });
});

describe('LocationBanner without a position', () => {
  beforeEach(() => localStorage.clear());

  it('a refused permission shows the error state with Try Again at once, and a place chosen instead is kept', async () => {
    const query = vi.fn().mockResolvedValue({ state: 'denied' });
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { permissions: { query }, geolocation: { getCurrentPosition: vi.fn() } }));
    mockApi('GET /api/places', [{ name: 'New York, NY 10001', lat: 40.7484, lng: -73.9967 }]);
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LocationProvider>
          <LocationBanner radius={5} onChangeRadius={() => undefined} />
        </LocationProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Location Error: Unable to get your location...');
    expect(screen.getByRole('alert')).toHaveTextContent(PERMISSION_REFUSED);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('ZIP code or city'), '10001');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await user.click(await screen.findByRole('button', { name: 'New York, NY 10001' }));
    expect(screen.getByTestId('place-banner')).toHaveTextContent('Searching 5 miles around New York, NY 10001');
    expect(JSON.parse(localStorage.getItem('chosenPlace') as string)).toEqual({ name: 'New York, NY 10001', lat: 40.7484, lng: -73.9967 });
    vi.unstubAllGlobals();
  });
});
