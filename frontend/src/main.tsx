import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter, preloadOpenedScreen } from './app/router';
import { startPrefetching } from './app/start-up-prefetch';
import './index.css';
import { startUp } from './lib/session/session-provider';
import { captureInstallPrompt } from './lib/install-prompt';
import { createQueryClient } from './lib/query-client';

const root = createRoot(document.getElementById('root') as HTMLElement);
const queryClient = createQueryClient();
// The member's record is asked for now, while the screen's file loads, not after the first render.
const starting = startUp(queryClient);
const render = () =>
  // A transition lets React yield to the browser while it builds the first screen, instead of one long task that
  // keeps taps and paints waiting (the static "Loading Curbside..." stays until the app has something to show).
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient} starting={starting}>
          <AppRouter />
        </AppProviders>
      </StrictMode>,
    );
  });
// If the screen's download fails, the app still starts (that screen then says so, or tries again).
// A screen opened directly may ask for its data at once (app/start-up-prefetch.ts), into this client.
startPrefetching(queryClient);
void preloadOpenedScreen().then(render, render);

// The service worker (offline shell with the last feed, notification clicks: public/sw.js) is registered once the page
// has loaded, so it never competes with the first screen's downloads.
captureInstallPrompt();
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined), { once: true });
}
