import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { startFresh } from '../lib/start-fresh';
import { ConfirmDialog } from './confirm-dialog';

/** Asks before Start Fresh: it signs this browser out of the account and starts over with onboarding. */
export function StartFreshDialog({ open, onClose, reload }: { open: boolean; onClose: () => void; reload?: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      title="Start Fresh?"
      onCancel={onClose}
      onConfirm={() => {
        setBusy(true);
        void startFresh(reload);
      }}
      busy={busy}
      icon={RotateCcw}
      label="Start Fresh"
      busyLabel="Starting Fresh..."
    >
      <p>This browser forgets your account and starts over with onboarding and a new account.</p>
      <p>Your points, posts and badges stay with the current account. If it is tied to a phone number, you can sign back in with it.</p>
    </ConfirmDialog>
  );
}
