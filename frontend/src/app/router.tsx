import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AppShell } from '../components/layout/app-shell';

// Every screen is its own chunk; the shell around them loads first.
const HomeRoute = lazy(() => import('./routes/home'));
const MapRoute = lazy(() => import('./routes/map'));
const SearchRoute = lazy(() => import('./routes/search'));
const ActivityRoute = lazy(() => import('./routes/activity'));
const TopFindsRoute = lazy(() => import('./routes/top-finds'));
const PostGarageSaleRoute = lazy(() => import('./routes/post-garage-sale'));
const ProfileRoute = lazy(() => import('./routes/profile'));
const loadShop = () => import('./routes/shop');
const loadLeaderboard = () => import('./routes/leaderboard');
const ShopRoute = lazy(loadShop);
const LeaderboardRoute = lazy(loadLeaderboard);
// Opened directly, these screens' code downloads while start-up loads the member, not after it.
if (typeof window !== 'undefined') {
  if (window.location.pathname === '/shop') void loadShop();
  if (window.location.pathname === '/leaderboard') void loadLeaderboard();
}
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
