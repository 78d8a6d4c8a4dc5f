import { Recycle } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { TutorialAutoOpen } from '../../tutorial/components/tutorial-auto-open';
import { useSession } from '../session-provider';

// The first visit's screens are their own chunk: returning neighbours never download them.
const Onboarding = lazy(() => import('../../onboarding/components/onboarding'));

/** A whole-screen status line while start-up runs ("Loading Curbside...") or recovers a lost user. */
export function StartUpScreen({ text }: { text: string }) {
  return (
    <div className="grid min-h-dvh place-items-center bg-emerald-50 px-6 text-center">
      <div className="space-y-3">
        <Recycle className="mx-auto size-12 animate-spin text-emerald-700 [animation-duration:3s] motion-reduce:animate-none" aria-hidden />
        <p role="status" className="text-lg font-semibold text-emerald-950">
          {text}
        </p>
      </div>
    </div>
  );
}

/**
 * What start-up shows (accounts spec §2, §4): the loading screen, the recovery notice, onboarding on a first
 * visit, then the app (with the tutorial's auto-open rule).
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { phase } = useSession();
  if (phase === 'loading') return <StartUpScreen text="Loading Curbside..." />;
  if (phase === 'recovering') return <StartUpScreen text="User not found, reloading..." />;
  if (phase === 'onboarding') {
    return (
      <Suspense fallback={<StartUpScreen text="Loading Curbside..." />}>
        <Onboarding />
      </Suspense>
    );
  }
  return (
    <>
      {children}
      <TutorialAutoOpen />
    </>
  );
}
