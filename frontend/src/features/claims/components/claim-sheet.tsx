import { FIRST_DIBS_MINUTES } from '@curbside/contracts/client';
import { CheckCircle2, Hourglass, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast, withoutRepeatedTitle } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { effectiveStatus, formatClock, formatDollars, type FeedItem } from '../../../lib/items/item-rules';
import { SafetyTermsDialog } from '../../../components/safety-terms-dialog';
import { hasAcceptedTerms, rememberAcceptedTerms, type SafetyTermsType } from '../../../lib/safety-terms';
import { useSession } from '../../../lib/session/session-provider';
import { useClaimItem } from '../api/claim-item';
import { claimErrorToast, isTakenByOther } from '../lib/claim-errors';
import { VerifyPickupDialog } from './verify-pickup-dialog';

export type ClaimStep = 'terms' | 'confirm' | 'photo' | 'uploading' | 'success';

const SUCCESS_CLOSE_MS = 2000;

/**
 * Claim Item: the pickup safety terms once (claiming, or paid_pickup for a paid item) → confirm, where the item can
 * also be reserved as First Dibs → photo (Verify Item Pickup) → uploading → success, which closes itself after 2 s.
 */
export default function ClaimSheet({ item, onClose }: { item: FeedItem; onClose: () => void }) {
  const { user, refreshUser } = useSession();
  const paid = item.pricingType === 'paid' && item.customAmount !== null;
  const termsType: SafetyTermsType = paid ? 'paid_pickup' : 'claiming';
  const [step, setStep] = useState<ClaimStep>(() => (hasAcceptedTerms(termsType) ? 'confirm' : 'terms'));
  const claim = useClaimItem();
  const reserve = useClaimItem();
  const reservedForMe = effectiveStatus(item) === 'first_dibs' && !!user && item.reservedById === user.id;

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
          // The lists are refreshed by now: a gone offer leaves the card, showing the item as it is (e.g. its line).
          if (isTakenByOther(error)) onClose();
          else setStep('photo');
        },
      },
    );
  };

  /** First dibs: the claim call without a photo holds the item for this neighbour for 30 minutes (docs/product-rules.md). */
  const reserveItem = () => {
    if (!user) return;
    reserve.mutate(
      { itemId: item.id, userId: user.id },
      {
        onSuccess: (answer) => {
          toast({ title: 'First Dibs!', description: withoutRepeatedTitle('First dibs!', answer.message), variant: 'success' });
          onClose();
        },
        onError: (error) => {
          const mapped = claimErrorToast(error);
          toast({
            title: mapped.title === 'Claim failed' ? 'Could not reserve' : mapped.title,
            description: mapped.title === 'Claim failed' ? errorMessage(error) : mapped.description,
            variant: 'destructive',
          });
          if (isTakenByOther(error)) onClose();
        },
      },
    );
  };

  return (
    <>
      {step === 'terms' && (
        <SafetyTermsDialog
          type={termsType}
          onAccept={() => {
            rememberAcceptedTerms(termsType);
            setStep('confirm');
          }}
          onCancel={onClose}
        />
      )}
      <Dialog
        open={step === 'confirm' || step === 'uploading' || step === 'success'}
        onClose={onClose}
        title="Claim Item"
        variant="sheet"
        dismissible={step !== 'uploading' && !reserve.isPending}
      >
        {step === 'confirm' && (
          <div className="space-y-3">
            <p className="text-sm text-slate-700">
              You're claiming <strong>{item.title}</strong>. Pick it up, then take a verification photo so the poster knows it found a new home.
            </p>
            {/* The reward estimate is for verified neighbours only (spec §6). */}
            {paid && user?.isVerified && (
              <p className="rounded-xl bg-amber-50 p-2 text-sm text-amber-950">
                Your reward for this pickup: {formatDollars(Math.round((item.customAmount as number) / 2))}
              </p>
            )}
            <p className="text-sm font-medium text-emerald-800">Claiming earns you 5 points.</p>
            {reservedForMe && item.reservedUntil ? (
              <p className="flex items-center gap-2 rounded-xl bg-violet-50 p-2 text-sm text-violet-950">
                <Hourglass className="size-4 shrink-0" aria-hidden /> You have first dibs until {formatClock(item.reservedUntil)}.
              </p>
            ) : (
              <div className="space-y-2 rounded-xl border border-violet-200 bg-violet-50 p-2">
                <p className="text-sm text-violet-950">
                  Not there yet? Reserve it with First Dibs: nobody else can claim it for {FIRST_DIBS_MINUTES} minutes while you go and get it.
                </p>
                <Button
                  variant="secondary"
                  className="w-full border-violet-300 text-violet-900 hover:bg-violet-100"
                  onClick={reserveItem}
                  disabled={reserve.isPending}
                >
                  <Hourglass className="size-4" aria-hidden />
                  {reserve.isPending ? 'Reserving...' : `Reserve with First Dibs (${FIRST_DIBS_MINUTES} min)`}
                </Button>
              </div>
            )}
            <div className="grid grid-cols-2 gap-2">
              <Button variant="secondary" onClick={onClose} disabled={reserve.isPending}>
                Cancel
              </Button>
              <Button onClick={() => setStep('photo')} disabled={reserve.isPending}>
                Continue
              </Button>
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
