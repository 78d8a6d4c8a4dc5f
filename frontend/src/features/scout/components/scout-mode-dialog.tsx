import { Camera, Clock, Gift, Loader2, Sparkles } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { AccountVerificationSheet } from '../../../components/account-verification-sheet';
import { SafetyTermsDialog } from '../../../components/safety-terms-dialog';
import { hasAcceptedTerms, rememberAcceptedTerms } from '../../../lib/safety-terms';
import { useSession } from '../../../lib/session/session-provider';
import { setScoutMode } from '../api/set-scout-mode';

type Stage = 'intro' | 'verify' | 'terms';

/**
 * Scout mode (accounts spec §2, §4): non-scouts see "Become a Curb Scout!"; becoming one needs verification
 * first (the switch then happens by itself) and the scout terms. Scouts see "Scout Mode Settings" to turn it off.
 */
export function ScoutModeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return <ScoutMode onClose={onClose} />;
}

function ScoutMode({ onClose }: { onClose: () => void }) {
  const { user, refreshUser } = useSession();
  const [stage, setStage] = useState<Stage>('intro');
  const [busy, setBusy] = useState(false);
  const scout = !!user?.scoutMode;

  const toggle = async (on: boolean) => {
    if (!user) return;
    setBusy(true);
    try {
      const answer = await setScoutMode(user.id, on);
      await refreshUser();
      toast(
        answer.scoutMode
          ? { title: "You're a Curb Scout!", description: 'Your post button now shares Curbside Finds (+25 points).', variant: 'success' }
          : { title: 'Scout Mode Off', description: 'Your post button shares regular items again.' },
      );
      onClose();
    } catch (error) {
      toast({ title: on ? 'Failed to activate Scout Mode' : 'Failed to turn off Scout Mode', description: errorMessage(error), variant: 'destructive' });
      setStage('intro');
    } finally {
      setBusy(false);
    }
  };

  // Verification first, then the scout terms (once), then the switch.
  const becomeScout = (verified = !!user?.isVerified) => {
    if (!verified) return setStage('verify');
    if (!hasAcceptedTerms('scout')) return setStage('terms');
    setStage('intro');
    void toggle(true);
  };

  // After verification completes the switch follows by itself (spec §4), through the scout terms if not yet accepted.
  const verifiedNow = stage === 'verify' && !!user?.isVerified && !user.scoutMode;
  useEffect(() => {
    if (verifiedNow) becomeScout(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, when verification turns the user verified
  }, [verifiedNow]);

  if (stage === 'verify') {
    return <AccountVerificationSheet onClose={() => setStage('intro')} onVerified={() => becomeScout(true)} />;
  }
  if (stage === 'terms') {
    return (
      <SafetyTermsDialog
        type="scout"
        onCancel={() => setStage('intro')}
        onAccept={() => {
          rememberAcceptedTerms('scout');
          setStage('intro');
          void toggle(true);
        }}
      />
    );
  }

  if (scout) {
    return (
      <Dialog open onClose={onClose} title="Scout Mode Settings" description="You are hunting for curbside finds." dismissible={!busy}>
        <div className="space-y-3 pb-1">
          <p className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-amber-950">
            <Sparkles className="mt-0.5 size-5 shrink-0" aria-hidden />
            Scout Mode is on: your feed opens on Scout Finds and the post button shares a Curbside Find (+25 points).
          </p>
          <Button variant="danger" className="w-full" disabled={busy} onClick={() => void toggle(false)}>
            {busy && <Loader2 className="size-4 animate-spin" aria-hidden />}
            Turn Off Scout Hunt
          </Button>
          <Button variant="secondary" className="w-full" disabled={busy} onClick={onClose}>
            Close
          </Button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={onClose} title="Become a Curb Scout!" description="Spot good stuff on the curb and share it before it's gone." dismissible={!busy}>
      <div className="space-y-3 pb-1">
        <ul className="space-y-2 text-slate-800">
          <li className="flex gap-3">
            <Camera className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
            Snap a photo of a free find you pass by and post it in seconds.
          </li>
          <li className="flex gap-3">
            <Clock className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
            Scout finds are free and stay up for 24 hours.
          </li>
          <li className="flex gap-3">
            <Gift className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
            Earn 25 points per find and work toward the Scout badges.
          </li>
        </ul>
        {!user?.isVerified && <p className="rounded-xl bg-sky-50 p-3 text-sm text-sky-950">Scouts are verified neighbours: you'll verify your phone first.</p>}
        <Button variant="gold" className="w-full" disabled={busy || !user} onClick={() => becomeScout()}>
          {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Sparkles className="size-4" aria-hidden />}
          Become a Scout
        </Button>
        <Button variant="secondary" className="w-full" disabled={busy} onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}
