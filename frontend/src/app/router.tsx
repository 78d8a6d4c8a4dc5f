import { lazy, useState, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AppShell } from './layout/app-shell';

type ScreenModule = { default: ComponentType };

/**
 * A screen in its own chunk. Once the chunk is here the screen renders at once; before, it suspends (the shell
 * shows a skeleton). Whichever of the two a mounted screen started with, it keeps, so it never remounts.
 */
function lazyScreen(load: () => Promise<ScreenModule>) {
  let loaded: ScreenModule | undefined;
  let loading: Promise<ScreenModule> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined; // a failed download may be tried again
        throw error;
      },
    ));
  const Suspending = lazy(preload);
  function Screen() {
    const [Ready] = useState(() => loaded?.default);
    return Ready ? <Ready /> : <Suspending />;
  }
  return { preload, Screen };
}

// Every screen is its own chunk; the shell around them loads first.
const screens = {
  '/': lazyScreen(() => import('./routes/home')),
  '/map': lazyScreen(() => import('./routes/map')),
  '/search': lazyScreen(() => import('./routes/search')),
  '/activity': lazyScreen(() => import('./routes/activity')),
  '/top-finds': lazyScreen(() => import('./routes/top-finds')),
  '/post-garage-sale': lazyScreen(() => import('./routes/post-garage-sale')),
  '/profile': lazyScreen(() => import('./routes/profile')),
  '/shop': lazyScreen(() => import('./routes/shop')),
  '/leaderboard': lazyScreen(() => import('./routes/leaderboard')),
  '/impact': lazyScreen(() => import('./routes/impact')),
  '/items/:id': lazyScreen(() => import('./routes/item')),
  '/wanted': lazyScreen(() => import('./routes/wanted')),
  '/moderation': lazyScreen(() => import('./routes/moderation')),
  '/appeal': lazyScreen(() => import('./routes/appeal')),
  '/admin/fulfilment': lazyScreen(() => import('./routes/admin-fulfilment')),
} as const;
const NotFound = lazyScreen(() => import('./routes/not-found'));

/**
 * Loads the screen at the address the app was opened on (its files are already downloading: the page names them),
 * so the first render shows it rather than a skeleton that React would keep up for at least 300 ms.
 */
export function preloadOpenedScreen(): Promise<unknown> {
  const path = window.location.pathname.replace(/(.)\/$/, '$1').replace(/^\/items\/[^/]+$/, '/items/:id');
  const screen = screens[path as keyof typeof screens] ?? NotFound;
  return screen.preload();
}

/**
 * Declarative routes: the app loads no data through the router, so the data router (loaders, actions, fetchers)
 * would only add weight to the first download.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AppShell />}>
          {Object.entries(screens).map(([path, { Screen }]) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          <Route path="*" element={<NotFound.Screen />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
