import { X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { cn } from '../../lib/cn';
import {
  dismissOnNavigation,
  dismissToast,
  pauseToasts,
  registerToastSlot,
  resumeToasts,
  useToastHost,
  useToastState,
  type ToastSlotKind,
} from './toast-store';

const SWIPE_THRESHOLD_PX = 50;

/** Re-shows the popover so it is the newest element of the top layer, drawn above any open dialog. */
function raise(element: HTMLElement | null): void {
  if (!element || typeof element.showPopover !== 'function') return;
  try {
    if (element.matches(':popover-open')) element.hidePopover();
    element.showPopover();
  } catch {
    // An element that cannot be a popover right now (e.g. being removed): it stays where it is.
  }
}

/** A place in the flow (under the header, under a dialog's title) where toasts show, taking room of their own. */
export function ToastSlot({ kind }: { kind: ToastSlotKind }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => (ref.current ? registerToastSlot(ref.current, kind) : undefined), [kind]);
  return <div ref={ref} data-toast-slot={kind} />;
}

/**
 * The toast region: shown in the newest toast slot (the open dialog's, else the page's under the header), in the
 * flow, so it pushes content down rather than covering a control; a screen without a slot (start-up)
 * gets it as a popover at the bottom. F8 moves focus to it; a toast can be swiped right to dismiss it; it stays
 * while hovered or focused.
 */
export function Toaster() {
  const toast = useToastState();
  const host = useToastHost();
  const regionRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [dragX, setDragX] = useState(0);
  const startX = useRef<number | null>(null);

  // Without a slot: shown with a toast as a top-layer popover. With no toast it stays closed: showing an empty
  // region would cost a style pass in the app's first render.
  useLayoutEffect(() => {
    if (toast && !host) raise(regionRef.current);
  }, [host, toast]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        listRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => setDragX(0), [toast?.id]);
  // Removing the toast under the pointer or focus must not leave the timer paused for the next one.
  useEffect(() => {
    if (!toast) resumeToasts();
  }, [toast]);

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

  return createPortal(
    <section
      ref={regionRef}
      popover={host ? undefined : 'manual'}
      aria-label="Notifications (F8)"
      className={cn(
        'flex w-full justify-center',
        host
          ? cn('px-3', toast && 'py-2')
          : 'pointer-events-none fixed inset-x-0 top-auto bottom-2 z-[2000] m-0 h-auto max-w-none overflow-visible border-0 bg-transparent p-0 px-3',
      )}
    >
      <div
        ref={listRef}
        tabIndex={-1}
        className="w-full max-w-sm outline-none"
        onFocus={pauseToasts}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) resumeToasts();
        }}
        onPointerEnter={pauseToasts}
        onPointerLeave={resumeToasts}
      >
        {toast && (
          <div
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
              'pointer-events-auto flex touch-pan-y items-start gap-3 rounded-xl border p-3 shadow-sm',
              toast.variant === 'destructive'
                ? 'border-red-700 bg-red-700 text-white'
                : toast.variant === 'success'
                  ? 'border-emerald-700 bg-emerald-700 text-white'
                  : 'border-slate-200 bg-white text-slate-900',
            )}
          >
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{toast.title}</p>
              {toast.description && <p className="mt-0.5 text-sm opacity-90">{toast.description}</p>}
            </div>
            <button
              type="button"
              aria-label="Dismiss notification"
              onClick={() => dismissToast(toast.id)}
              className="grid size-8 shrink-0 place-items-center rounded opacity-80 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
            >
              <X className="size-4" aria-hidden />
            </button>
          </div>
        )}
      </div>
    </section>,
    host ?? document.body,
  );
}

/** Inside the router: a new screen takes away the previous screen's toast. */
export function DismissToastsOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    dismissOnNavigation();
  }, [pathname]);
  return null;
}
