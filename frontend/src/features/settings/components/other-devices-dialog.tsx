import { LogOut } from 'lucide-react';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { useSignOutOtherDevices } from '../api/other-devices';
import { ConfirmButtons } from './confirm-buttons';

/**
 * Settings → Other devices: signs the account out everywhere but here, for a lost phone or a shared computer. The
 * server ends the sessions at once and says how many it ended, which the toast repeats.
 */
export function OtherDevicesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const signOut = useSignOutOtherDevices();
  const busy = signOut.isPending;
  return (
    <Dialog open={open} onClose={onClose} title="Sign out other devices?" dismissible={!busy}>
      <div className="space-y-3 text-sm text-slate-800">
        <p>Every other phone, tablet or computer signed in to your account is signed out at once. This device stays signed in.</p>
        <p>Use it if you lost a phone or signed in on a computer that is not yours.</p>
        <ConfirmButtons
          onCancel={onClose}
          onConfirm={() =>
            signOut.mutate(undefined, {
              onSuccess: (result) => {
                toast({ title: result.message, variant: 'success' });
                onClose();
              },
              onError: (error) => toast({ title: 'Could not sign out other devices', description: errorMessage(error), variant: 'destructive' }),
            })
          }
          busy={busy}
          icon={LogOut}
          label="Sign out others"
          busyLabel="Signing out..."
        />
      </div>
    </Dialog>
  );
}
