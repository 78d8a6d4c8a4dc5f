import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter, preloadOpenedScreen } from './app/router';
import './index.css';
import { startUp } from './features/users/session-provider';
import { createQueryClient } from './lib/query-client';

const root = createRoot(document.getElementById('root') as HTMLElement);
// The member's record is asked for now, while the screen's file loads, not after the first render.
const starting = startUp();
const render = () =>
  // A transition lets React yield to the browser while it builds the first screen, instead of one long task that
  // keeps taps and paints waiting (the static "Loading Curbside..." stays until the app has something to show).
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={createQueryClient()} starting={starting}>
          <AppRouter />
        </AppProviders>
      </StrictMode>,
    );
  });
// If the screen's download fails, the app still starts (that screen then says so, or tries again).
void preloadOpenedScreen().then(render, render);
