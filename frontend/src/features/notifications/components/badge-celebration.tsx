import { Award, X } from 'lucide-react';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { BADGE_OVERLAY_MS, type Celebration } from '../../../lib/notifications/notification-data';

/** The badge-earned overlay: shown for 5 s (spec §9), or until closed. It does not take focus from what the user is doing. */
export default function BadgeCelebration({ celebration, onDone }: { celebration: Celebration; onDone: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onDone, BADGE_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, [onDone]);

  // Into <body>: the header that hosts the watcher is blurred (backdrop-filter), which would trap a fixed overlay in it.
  return createPortal(
    <div className="pointer-events-none fixed inset-0 z-[1500] grid place-items-center bg-slate-900/40 p-4">
      <section
        role="status"
        aria-live="polite"
        aria-label="Badge earned"
        data-testid="badge-celebration"
        className="pointer-events-auto relative w-full max-w-xs rounded-3xl bg-white px-6 pb-6 pt-10 text-center shadow-2xl"
      >
        <button
          type="button"
          onClick={onDone}
          aria-label="Close celebration"
          className="absolute right-2 top-2 grid size-11 place-items-center rounded-full text-slate-600 hover:bg-slate-100"
        >
          <X className="size-5" aria-hidden />
        </button>
        <div className="mx-auto grid size-24 place-items-center rounded-full bg-gradient-to-br from-amber-300 to-amber-500 shadow-lg motion-safe:animate-bounce">
          <Award className="size-14 text-amber-950" aria-hidden />
        </div>
        <p className="mt-4 text-sm font-semibold uppercase tracking-wide text-amber-800">Badge Earned!</p>
        <h2 className="mt-1 text-2xl font-extrabold text-slate-900">{celebration.badgeName}</h2>
        <p className="mt-2 text-sm text-slate-700">{celebration.message}</p>
      </section>
    </div>,
    document.body,
  );
}
