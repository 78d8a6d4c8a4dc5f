import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AppShell } from '../components/layout/app-shell';

// Every screen is its own chunk; the shell around them loads first.
const screens = {
  '/': () => import('./routes/home'),
  // The map itself (Leaflet) downloads beside the screen rather than after it.
  '/map': () => Promise.all([import('./routes/map'), import('../features/map/components/items-map')]).then(([screen]) => screen),
  '/search': () => import('./routes/search'),
  '/activity': () => import('./routes/activity'),
  '/top-finds': () => import('./routes/top-finds'),
  '/post-garage-sale': () => import('./routes/post-garage-sale'),
  '/profile': () => import('./routes/profile'),
  '/shop': () => import('./routes/shop'),
  '/leaderboard': () => import('./routes/leaderboard'),
} as const;
// The screen opened directly downloads while start-up loads the member, not after it.
if (typeof window !== 'undefined') void screens[window.location.pathname as keyof typeof screens]?.();

const HomeRoute = lazy(screens['/']);
const MapRoute = lazy(screens['/map']);
const SearchRoute = lazy(screens['/search']);
const ActivityRoute = lazy(screens['/activity']);
const TopFindsRoute = lazy(screens['/top-finds']);
const PostGarageSaleRoute = lazy(screens['/post-garage-sale']);
const ProfileRoute = lazy(screens['/profile']);
const ShopRoute = lazy(screens['/shop']);
const LeaderboardRoute = lazy(screens['/leaderboard']);
const NotFoundRoute = lazy(() => import('./routes/not-found'));

/**
 * Declarative routes: the app loads no data through the router, so the data router (loaders, actions, fetchers)
 * would only add weight to the first download.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AppShell />}>
          <Route path="/" element={<HomeRoute />} />
          <Route path="/map" element={<MapRoute />} />
          <Route path="/search" element={<SearchRoute />} />
          <Route path="/activity" element={<ActivityRoute />} />
          <Route path="/top-finds" element={<TopFindsRoute />} />
          <Route path="/post-garage-sale" element={<PostGarageSaleRoute />} />
          <Route path="/profile" element={<ProfileRoute />} />
          <Route path="/shop" element={<ShopRoute />} />
          <Route path="/leaderboard" element={<LeaderboardRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
