import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createSequenceTracker, HOLD_MS } from '../lib/secret-sequence';

const EmergencyDialog = lazy(() => import('./emergency-dialog'));

function isSearchBox(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement && (target.type === 'search' || target.getAttribute('role') === 'searchbox');
}

/**
 * The hidden way into the emergency tool (spec §2), for a member with a user id: holding the header's top-left
 * corner for 3 s, or typing the secret sequence into any search box. It only opens the tool: whether the member
 * is an administrator, and the emergency password, are decided by the server.
 */
export function HiddenAdminEntry({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  const hold = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const tracker = createSequenceTracker();
    const onInput = (event: Event) => {
      if (!isSearchBox(event.target)) return;
      const input = event as InputEvent;
      const typed = input.inputType?.startsWith('insert') && typeof input.data === 'string' ? input.data : null;
      if (tracker.push(typed, Date.now())) setOpen(true);
    };
    document.addEventListener('input', onInput, true);
    return () => document.removeEventListener('input', onInput, true);
  }, []);

  useEffect(() => () => clearTimeout(hold.current), []);

  const startHold = () => {
    clearTimeout(hold.current);
    hold.current = setTimeout(() => setOpen(true), HOLD_MS);
  };
  const endHold = () => clearTimeout(hold.current);

  return (
    <>
      {/* A transparent corner, deliberately not announced: the entry is hidden by design (spec §2). */}
      <div
        aria-hidden
        data-testid="hidden-admin-area"
        onPointerDown={startHold}
        onPointerUp={endHold}
        onPointerLeave={endHold}
        onPointerCancel={endHold}
        onContextMenu={(event) => event.preventDefault()}
        className="absolute left-0 top-0 z-10 h-full w-3 touch-none select-none"
      />
      {open && (
        <Suspense fallback={null}>
          <EmergencyDialog userId={userId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
