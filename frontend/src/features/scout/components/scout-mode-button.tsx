import { Sparkles } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session/session-provider';

const ScoutModeDialog = lazy(() => import('./scout-mode-dialog').then((m) => ({ default: m.ScoutModeDialog })));

/** The header's scout switch: opens "Become a Curb Scout!" or, for scouts, "Scout Mode Settings". */
export function ScoutModeButton() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  const scout = user.scoutMode;
  return (
    <>
      <button
        type="button"
        aria-label={scout ? 'Scout Mode Settings' : 'Scout Mode'}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={cn(
          'grid size-11 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700',
          scout ? 'bg-amber-400 text-amber-950 hover:bg-amber-300' : 'text-slate-700 hover:bg-slate-100',
        )}
      >
        <Sparkles className="size-6" aria-hidden />
      </button>
      {open && (
        <Suspense fallback={null}>
          <ScoutModeDialog open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
