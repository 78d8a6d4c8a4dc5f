import { useMutation, useQuery } from '@tanstack/react-query';
import { BadgeCheck, CheckCircle2, Clock, Loader2, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { PhoneVerificationFlow, type PhoneDetails } from './phone/phone-verification-flow';
import { Button } from './ui/button';
import { Dialog } from './ui/dialog';
import { toast } from './ui/toast-store';
import { errorMessage } from '../lib/api-client';
import { formatPhone } from '../lib/phone-format';
import { confirmVerification, resendVerificationCode, startVerification, verificationStatusQueryOptions } from '../lib/session/api/verification';
import { useSession } from '../lib/session/session-provider';

type Shown = 'flow' | 'complete';

interface Props {
  /** Defaults to open: a parent that mounts the sheet only while needed can leave it out. */
  open?: boolean;
  onClose: () => void;
  /** Called when a verified neighbour carries on ("Continue"): after verifying here, or when already verified. */
  onVerified?: () => void;
}

/**
 * Account Verification (accounts spec §2, §4): already verified and pending neighbours see an info sheet;
 * everyone else goes details (full name and phone) → a texted code → complete. Used before paid posts and scout
 * finds, to become a Scout, and from the profile.
 */
export function AccountVerificationSheet({ open = true, onClose, onVerified }: Props) {
  if (!open) return null;
  return <VerificationSheet onClose={onClose} onVerified={onVerified ?? onClose} />;
}

function VerificationSheet({ onClose, onVerified }: { onClose: () => void; onVerified: () => void }) {
  const { user, userId, refreshUser } = useSession();
  const status = useQuery(verificationStatusQueryOptions(userId));
  const [shown, setShown] = useState<Shown | 'restart'>('flow');
  // The calls as mutations: while one runs, the sheet cannot be dismissed.
  const start = useMutation({ mutationFn: ({ name, phone }: PhoneDetails) => startVerification(userId as string, name, phone) });
  const confirm = useMutation({
    mutationFn: async ({ phone, code }: { phone: string; code: string }) => {
      const answer = await confirmVerification(phone, code);
      if (!answer.success) throw new Error(answer.message || 'Invalid verification code');
      await refreshUser();
      await status.refetch();
    },
  });
  const busy = start.isPending || confirm.isPending;

  const sendCode = async (details: PhoneDetails) => {
    if (!userId) return 'Your account is still loading. Please try again in a moment.';
    try {
      await start.mutateAsync(details);
      toast({ title: 'Code Sent!', description: 'Check your phone for the verification code', variant: 'success' });
      return true;
    } catch (e) {
      toast({ title: 'Failed to submit verification', description: errorMessage(e), variant: 'destructive' });
      return false;
    }
  };

  const resendCode = async ({ name, phone }: PhoneDetails) => {
    try {
      const answer = await resendVerificationCode(phone, name);
      if (!answer.success) throw new Error(answer.message);
      toast({ title: 'Code Sent!', description: 'Check your phone for the verification code', variant: 'success' });
    } catch (e) {
      toast({ title: 'Failed to send code', description: errorMessage(e), variant: 'destructive' });
    }
  };

  const checkCode = async (code: string, { phone }: PhoneDetails) => {
    try {
      await confirm.mutateAsync({ phone, code });
      setShown('complete');
      toast({ title: 'Account Verified', description: 'You can now become a Curb Scout and offer pickup rewards.', variant: 'success' });
    } catch (e) {
      toast({ title: 'Verification failed', description: errorMessage(e) || 'Invalid verification code', variant: 'destructive' });
      return 'Invalid verification code';
    }
  };

  const current =
    shown === 'complete' ? 'complete' : user?.isVerified ? 'verified' : shown === 'restart' ? 'flow' : status.data?.status === 'pending' ? 'pending' : 'flow';

  return (
    <Dialog
      open
      onClose={onClose}
      title="Account Verification"
      description="Verified neighbours can become Curb Scouts and offer pickup rewards."
      variant="sheet"
      dismissible={!busy}
    >
      {current === 'complete' ? (
        <div className="space-y-3 pb-1 text-center" role="status">
          <CheckCircle2 className="mx-auto size-12 text-emerald-700" aria-hidden />
          <p className="text-xl font-bold">You're Verified!</p>
          <p className="text-slate-700">A verified badge now shows next to your name.</p>
          <Button onClick={onVerified} className="w-full">
            Continue
          </Button>
        </div>
      ) : current === 'verified' ? (
        <div className="space-y-3 pb-1 text-center">
          <BadgeCheck className="mx-auto size-12 text-sky-700" aria-hidden />
          <p className="text-xl font-bold">Your account is verified</p>
          {user?.verifiedName && <p className="text-slate-700">Verified as {user.verifiedName}</p>}
          {user?.verificationDate && <p className="text-sm text-slate-600">Since {new Date(user.verificationDate).toLocaleDateString()}</p>}
          <Button onClick={onVerified} className="w-full">
            Continue
          </Button>
        </div>
      ) : current === 'pending' ? (
        <div className="space-y-3 pb-1 text-center">
          <Clock className="mx-auto size-12 text-amber-700" aria-hidden />
          <p className="text-xl font-bold">Verification pending</p>
          <p className="text-slate-700">
            We texted you a code
            {status.data?.submittedAt ? ` on ${new Date(status.data.submittedAt).toLocaleString()}` : ''}. Enter your details again to get a new code and
            finish.
          </p>
          <Button onClick={() => setShown('restart')} className="w-full">
            Get a New Code
          </Button>
          <Button variant="secondary" onClick={onClose} className="w-full">
            Close
          </Button>
        </div>
      ) : status.isPending && !!userId ? (
        <p role="status" className="flex items-center justify-center gap-2 py-6 text-slate-700">
          <Loader2 className="size-5 animate-spin" aria-hidden /> Checking your verification status...
        </p>
      ) : (
        <PhoneVerificationFlow
          id="verify"
          withName
          defaultName={user?.verifiedName ?? ''}
          inlineErrors
          changeNumber
          labels={{ send: 'Send Verification Code', sending: 'Sending Code...', verify: 'Verify', verifying: 'Verifying...' }}
          sendCode={sendCode}
          resendCode={resendCode}
          checkCode={checkCode}
          detailsIntro={
            <p className="flex items-start gap-2 rounded-xl bg-sky-50 p-3 text-sm text-sky-950">
              <ShieldCheck className="mt-0.5 size-5 shrink-0" aria-hidden />
              We text a 6-digit code to your phone. Your name and number are never shown to other neighbours.
            </p>
          }
          codeIntro={(phone) => (
            <span className="text-slate-700">
              Enter the 6-digit code we texted to <span className="whitespace-nowrap">{formatPhone(phone)}</span>.
            </span>
          )}
        />
      )}
    </Dialog>
  );
}
