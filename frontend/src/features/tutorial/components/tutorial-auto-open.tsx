import { lazy, Suspense, useEffect, useState } from 'react';
import { useSession } from '../../../lib/session/session-provider';
import { shouldAutoOpenTutorial } from '../lib/auto-open';

const TutorialDialog = lazy(() => import('./tutorial-dialog').then((m) => ({ default: m.TutorialDialog })));

/** Delay before the tour opens by itself (accounts spec §9). */
export const TUTORIAL_DELAY_MS = 1000;

/** Opens the tour 1 s after load for a neighbour with 0 points who has not completed (or dismissed) it. */
export function TutorialAutoOpen() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const eligible = !!user && shouldAutoOpenTutorial(user.points);

  useEffect(() => {
    if (!eligible) return;
    const timer = setTimeout(() => setOpen(true), TUTORIAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [eligible]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <TutorialDialog open onClose={() => setOpen(false)} />
    </Suspense>
  );
}
