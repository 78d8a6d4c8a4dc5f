import { CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { formatDollars, type FeedItem } from '../../items/lib/item-rules';
import { useSession } from '../../users/session-provider';
import { useClaimItem } from '../api/claim-item';
import { claimErrorToast } from '../lib/claim-errors';
import { VerifyPickupDialog } from './verify-pickup-dialog';

export type ClaimStep = 'confirm' | 'photo' | 'uploading' | 'success';

const SUCCESS_CLOSE_MS = 2000;

/** Claim Item: confirm → photo (Verify Item Pickup) → uploading → success, which closes itself after 2 s. */
export default function ClaimSheet({ item, onClose }: { item: FeedItem; onClose: () => void }) {
  const { user, refreshUser } = useSession();
  const [step, setStep] = useState<ClaimStep>('confirm');
  const claim = useClaimItem();

  useEffect(() => {
    if (step !== 'success') return;
    const timer = setTimeout(onClose, SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [step, onClose]);

  const submit = (photo: string) => {
    if (!user) {
      toast({ title: 'Sign in required', description: 'Please log in to claim items', variant: 'destructive' });
      return;
    }
    setStep('uploading');
    claim.mutate(
      { itemId: item.id, userId: user.id, photo },
      {
        onSuccess: () => {
          setStep('success');
          void refreshUser().catch(() => undefined);
        },
        onError: (error) => {
          toast({ ...claimErrorToast(error), variant: 'destructive' });
          setStep('photo');
        },
      },
    );
  };

  return (
    <>
      <Dialog open={step !== 'photo'} onClose={onClose} title="Claim Item" variant="sheet" dismissible={step !== 'uploading'}>
        {step === 'confirm' && (
          <div className="space-y-3">
            <p className="text-sm text-slate-700">
              You're claiming <strong>{item.title}</strong>. Pick it up, then take a verification photo so the poster knows it found a new home.
            </p>
            {item.pricingType === 'paid' && item.customAmount !== null && (
              <p className="rounded-xl bg-amber-50 p-2 text-sm text-amber-950">Your reward for this pickup: {formatDollars(Math.round(item.customAmount / 2))}</p>
            )}
            <p className="text-sm font-medium text-emerald-800">Claiming earns you 5 points.</p>
            <div className="grid grid-cols-2 gap-2">
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={() => setStep('photo')}>Continue</Button>
            </div>
          </div>
        )}
        {step === 'uploading' && (
          <p role="status" className="flex items-center justify-center gap-2 py-6 text-slate-700">
            <Loader2 className="size-5 animate-spin" aria-hidden /> Claiming item...
          </p>
        )}
        {step === 'success' && (
          <div role="status" className="flex flex-col items-center gap-2 py-6 text-center">
            <CheckCircle2 className="size-12 text-emerald-700" aria-hidden />
            <p className="text-lg font-semibold">Item Claimed!</p>
            <p className="text-sm text-slate-700">You earned 5 points. Thanks for keeping things out of the landfill.</p>
          </div>
        )}
      </Dialog>
      {step === 'photo' && <VerifyPickupDialog itemId={item.id} itemTitle={item.title} onClose={onClose} onClaim={submit} />}
    </>
  );
}
