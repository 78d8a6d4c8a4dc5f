import type { Position, User } from '@curbside/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '../components/ui/toaster';
import { StaticLocationProvider, type LocationStatus } from '../lib/location/location-provider';
import { PostSheetProvider } from '../features/posting/post-sheet-provider';
import { StaticSessionProvider } from '../lib/session/session-provider';
import { createQueryClient } from '../lib/query-client';

export const MANHATTAN: Position = { lat: 40.758, lng: -73.9855 };

interface Options {
  user?: User | null;
  position?: Position | null;
  locationStatus?: LocationStatus;
  locationError?: string | null;
  path?: string;
  /** The address opened, when `path` is a pattern (`/items/:id`); `path` itself otherwise. */
  entry?: string;
  /** Extra routes, e.g. a marker for "/" to check navigation. */
  routes?: Array<{ path: string; element: ReactElement }>;
  requestLocation?: () => void;
}

/** Renders a screen with the app's real providers, a fixed user and position, and a memory router. */
export function renderWithApp(
  ui: ReactElement,
  { user = null, position = MANHATTAN, locationStatus, locationError = null, path = '/test', entry, routes = [], requestLocation }: Options = {},
) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter([{ path, element: <PostSheetProvider>{ui}</PostSheetProvider> }, ...routes], { initialEntries: [entry ?? path] });
  const status = locationStatus ?? (position ? 'granted' : 'idle');
  const result = render(
    <QueryClientProvider client={queryClient}>
      <StaticSessionProvider user={user}>
        <StaticLocationProvider value={{ position, status, error: locationError, ...(requestLocation ? { request: requestLocation } : {}) }}>
          <RouterProvider router={router} />
          <Toaster />
        </StaticLocationProvider>
      </StaticSessionProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
