import { Ban } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

// Loaded when a member blocks someone: the dialog's code stays out of the screens that only show the button.
const BlockMemberDialog = lazy(() => import('./block-member-dialog'));

/** A button that blocks a member (as from a comment); the dialog asks first. */
export function BlockButton({ userId, name, className, iconClassName }: { userId: string; name: string; className: string; iconClassName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" aria-label={`Block ${name}`} onClick={() => setOpen(true)} className={className}>
        <Ban className={iconClassName} aria-hidden />
      </button>
      {open && (
        <Suspense fallback={null}>
          <BlockMemberDialog userId={userId} name={name} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
