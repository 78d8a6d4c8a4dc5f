import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PostSheetProvider } from '../../features/posting/post-sheet-provider';
import { CardSkeleton } from '../../components/ui/skeleton';
import { DismissToastsOnNavigation } from '../../components/ui/toaster';
import { AppHeader } from './app-header';
import { BottomNav } from './bottom-nav';
import { InstallOffer } from './install-offer';
import { OfflineNote } from './offline-note';

export function AppShell() {
  return (
    <PostSheetProvider>
      <div className="min-h-dvh bg-slate-50 text-slate-900">
        <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
          Skip to content
        </a>
        <DismissToastsOnNavigation />
        <AppHeader />
        <main id="main" className="mx-auto max-w-3xl px-3 pb-28 pt-3">
          <OfflineNote />
          <InstallOffer />
          <Suspense fallback={<CardSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
        <BottomNav />
      </div>
    </PostSheetProvider>
  );
}
