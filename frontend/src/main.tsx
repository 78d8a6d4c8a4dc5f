import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter, preloadOpenedScreen } from './app/router';
import './index.css';
import { createQueryClient } from './lib/query-client';

const root = createRoot(document.getElementById('root') as HTMLElement);
const render = () =>
  // A transition lets React yield to the browser while it builds the first screen, instead of one long task that
  // keeps taps and paints waiting (the static "Loading Curbside..." stays until the app has something to show).
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={createQueryClient()}>
          <AppRouter />
        </AppProviders>
      </StrictMode>,
    );
  });
// If the screen's download fails, the app still starts (that screen then says so, or tries again).
void preloadOpenedScreen().then(render, render);
