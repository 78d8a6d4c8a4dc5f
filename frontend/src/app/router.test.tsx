import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { StaticLocationProvider } from '../lib/location/location-provider';
import { StaticSessionProvider } from '../lib/session/session-provider';
import { createQueryClient } from '../lib/query-client';
import { AppRouter, preloadOpenedScreen } from './router';

function renderApp() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <StaticSessionProvider user={null}>
        <StaticLocationProvider value={{ position: null, status: 'idle', error: null }}>
          <AppRouter />
        </StaticLocationProvider>
      </StaticSessionProvider>
    </QueryClientProvider>,
  );
}

it('shows the screen the app was opened on in its first render once preloaded, with no skeleton before it', async () => {
  window.history.pushState({}, '', '/no/such/page');
  await preloadOpenedScreen();
  renderApp();
  // Synchronously: no suspending, so no skeleton that React would keep up for at least 300 ms.
  expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  expect(screen.queryByTestId('card-skeleton')).not.toBeInTheDocument();
});

it('a screen whose file is not here yet shows the skeleton, then the screen', async () => {
  window.history.pushState({}, '', '/top-finds');
  renderApp();
  expect(screen.getByTestId('card-skeleton')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: /top finds/i }, { timeout: 5_000 })).toBeInTheDocument();
});
