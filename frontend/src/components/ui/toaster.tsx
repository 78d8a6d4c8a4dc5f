import { X } from 'lucide-react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { cn } from '../../lib/cn';
import { dismissToast, useToastState } from './toast-store';

const SWIPE_THRESHOLD_PX = 50;

/** The toast region: F8 moves focus to it; a toast can be swiped right to dismiss it. */
export function Toaster() {
  const toast = useToastState();
  const regionRef = useRef<HTMLOListElement>(null);
  const [dragX, setDragX] = useState(0);
  const startX = useRef<number | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => setDragX(0), [toast?.id]);

  const onPointerDown = (event: PointerEvent) => {
    startX.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (startX.current !== null) setDragX(Math.max(0, event.clientX - startX.current));
  };
  const onPointerUp = () => {
    if (toast && dragX > SWIPE_THRESHOLD_PX) dismissToast(toast.id);
    startX.current = null;
    setDragX(0);
  };

  return (
    <section aria-label="Notifications (F8)" className="pointer-events-none fixed inset-x-0 top-2 z-[2000] flex justify-center px-3">
      <ol ref={regionRef} tabIndex={-1} className="w-full max-w-sm outline-none">
        {toast && (
          <li
            key={toast.id}
            role={toast.variant === 'destructive' ? 'alert' : 'status'}
            aria-live={toast.variant === 'destructive' ? 'assertive' : 'polite'}
            aria-atomic="true"
            data-testid="toast"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            style={{ transform: dragX ? `translateX(${dragX}px)` : undefined, opacity: dragX ? Math.max(0.2, 1 - dragX / 200) : undefined }}
            className={cn(
              'pointer-events-auto flex touch-pan-y items-start gap-3 rounded-xl border p-3 shadow-lg',
              toast.variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : toast.variant === 'success' ? 'border-emerald-700 bg-emerald-700 text-white' : 'border-slate-200 bg-white text-slate-900',
            )}
          >
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{toast.title}</p>
              {toast.description && <p className="mt-0.5 text-sm opacity-90">{toast.description}</p>}
            </div>
            <button type="button" aria-label="Dismiss notification" onClick={() => dismissToast(toast.id)} className="rounded p-1 opacity-80 hover:opacity-100">
              <X className="size-4" aria-hidden />
            </button>
          </li>
        )}
      </ol>
    </section>
  );
}
