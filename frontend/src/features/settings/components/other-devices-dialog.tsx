import { LogOut } from 'lucide-react';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { useSignOutOtherDevices } from '../api/other-devices';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Settings → Other devices: signs the account out everywhere but here, for a lost phone or a shared computer. The
 * server ends the sessions at once and says how many it ended, which the toast repeats.
 */
export function OtherDevicesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const signOut = useSignOutOtherDevices();
  return (
    <ConfirmDialog
      open={open}
      title="Sign out other devices?"
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
      busy={signOut.isPending}
      icon={LogOut}
      label="Sign out others"
      busyLabel="Signing out..."
    >
      <p>Every other phone, tablet or computer signed in to your account is signed out at once. This device stays signed in.</p>
      <p>Use it if you lost a phone or signed in on a computer that is not yours.</p>
    </ConfirmDialog>
  );
}
