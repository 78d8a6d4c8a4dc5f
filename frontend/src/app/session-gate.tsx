import { lazy, Suspense, type ReactNode } from 'react';
import { TutorialAutoOpen } from '../features/tutorial/components/tutorial-auto-open';
import { useSession } from '../lib/session/session-provider';

// The first visit's screens are their own chunk: returning neighbours never download them.
const Onboarding = lazy(() => import('../features/onboarding/components/onboarding'));
// Onboarding's "Login with Phone Number" opens the sign-in of features/auth, composed here; it loads when opened.
const PhoneLoginDialog = lazy(() => import('../features/auth/components/phone-login-dialog').then((m) => ({ default: m.PhoneLoginDialog })));

/** A whole-screen status line while start-up runs ("Loading Curbside...") or recovers a lost user. */
export function StartUpScreen({ text }: { text: string }) {
  return (
    // Looks like index.html's static boot screen, so the hand-over from it does not flash.
    <div className="grid min-h-dvh place-items-center px-6 text-center">
      <p role="status" className="text-lg font-semibold text-emerald-800">
        {text}
      </p>
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
        <Onboarding PhoneLoginDialog={PhoneLoginDialog} />
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
