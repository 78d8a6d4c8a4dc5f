import { Loader2, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { startFresh } from '../lib/start-fresh';

/** Asks before Start Fresh: it signs this browser out of the account and starts over with onboarding. */
export function StartFreshDialog({ open, onClose, reload }: { open: boolean; onClose: () => void; reload?: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={onClose} title="Start Fresh?" dismissible={!busy}>
      <div className="space-y-3 text-sm text-slate-800">
        <p>This browser forgets your account and starts over with onboarding and a new account.</p>
        <p>Your points, posts and badges stay with the current account. If it is tied to a phone number, you can sign back in with it.</p>
        <div className="grid grid-cols-2 gap-2 pt-1">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void startFresh(reload);
            }}
          >
            {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <RotateCcw className="size-4" aria-hidden />}
            {busy ? 'Starting Fresh...' : 'Start Fresh'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
