import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, CheckCircle2, Clock, Loader2, ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, inputClass } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { formatPhone, isValidCode, isValidPhone } from '../../auth/lib/phone-format';
import { CodeField, PhoneNumberField } from '../../auth/components/phone-fields';
import { confirmVerification, resendVerificationCode, startVerification, verificationStatusQueryOptions } from '../../users/api/verification';
import { useSession } from '../../users/session-provider';

type Step = 'details' | 'code' | 'complete';

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
  const [step, setStep] = useState<Step>('details');
  const [restart, setRestart] = useState(false);
  const [name, setName] = useState(user?.verifiedName ?? '');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const codeHintId = useId();

  const sendDetails = async (event: FormEvent) => {
    event.preventDefault();
    if (!userId) return setError('Your account is still loading. Please try again in a moment.');
    if (!name.trim() || !phone.trim()) return setError('Full name and phone number are required');
    if (!isValidPhone(phone)) return setError('Please enter a valid 10-digit phone number');
    setBusy(true);
    try {
      await startVerification(userId, name, phone);
      toast({ title: 'Code Sent!', description: 'Check your phone for the verification code', variant: 'success' });
      setStep('code');
      setCode('');
      setError(undefined);
    } catch (e) {
      toast({ title: 'Failed to submit verification', description: errorMessage(e), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const resendCode = async () => {
    setBusy(true);
    try {
      const answer = await resendVerificationCode(phone, name);
      if (!answer.success) throw new Error(answer.message);
      toast({ title: 'Code Sent!', description: 'Check your phone for the verification code', variant: 'success' });
    } catch (e) {
      toast({ title: 'Failed to send code', description: errorMessage(e), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidCode(code)) return setError('Please enter the 6-digit verification code');
    setBusy(true);
    try {
      const answer = await confirmVerification(phone, code);
      if (!answer.success) throw new Error(answer.message || 'Invalid verification code');
      await refreshUser();
      await status.refetch();
      setError(undefined);
      setStep('complete');
      toast({ title: 'Account Verified', description: 'You can now become a Curb Scout and offer pickup rewards.', variant: 'success' });
    } catch (e) {
      setError('Invalid verification code');
      toast({ title: 'Verification failed', description: errorMessage(e) || 'Invalid verification code', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const current = step === 'complete' ? 'complete' : user?.isVerified ? 'verified' : restart ? 'flow' : status.data?.status === 'pending' ? 'pending' : 'flow';

  const errorText = error && (
    <p role="alert" className="text-sm text-red-700">
      {error}
    </p>
  );

  return (
    <Dialog open onClose={onClose} title="Account Verification" description="Verified neighbours can become Curb Scouts and offer pickup rewards." variant="sheet" dismissible={!busy}>
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
            {status.data?.submittedAt ? ` on ${new Date(status.data.submittedAt).toLocaleString()}` : ''}. Enter your details again to get a new code and finish.
          </p>
          <Button onClick={() => setRestart(true)} className="w-full">
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
      ) : step === 'details' ? (
        <form onSubmit={(e) => void sendDetails(e)} className="space-y-3 pb-1" noValidate>
          <p className="flex items-start gap-2 rounded-xl bg-sky-50 p-3 text-sm text-sky-950">
            <ShieldCheck className="mt-0.5 size-5 shrink-0" aria-hidden />
            We text a 6-digit code to your phone. Your name and number are never shown to other neighbours.
          </p>
          <Field id="verify-name" label="Full name">
            <input id="verify-name" className={inputClass} autoComplete="name" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <PhoneNumberField id="verify-phone" value={phone} onChange={setPhone} />
          {errorText}
          <Button type="submit" disabled={busy} className="w-full">
            {busy && <Loader2 className="size-4 animate-spin" aria-hidden />}
            {busy ? 'Sending Code...' : 'Send Verification Code'}
          </Button>
        </form>
      ) : (
        <form onSubmit={(e) => void sendCode(e)} className="space-y-3 pb-1" noValidate>
          <p id={codeHintId} className="text-slate-700">
            Enter the 6-digit code we texted to <span className="whitespace-nowrap">{formatPhone(phone)}</span>.
          </p>
          <CodeField
            id="verify-code"
            describedBy={codeHintId}
            value={code}
            onChange={(value) => (setCode(value), setError(undefined))}
          />
          {errorText}
          <Button type="submit" disabled={busy} className="w-full">
            {busy && <Loader2 className="size-4 animate-spin" aria-hidden />}
            {busy ? 'Verifying...' : 'Verify'}
          </Button>
          <div className="flex gap-2">
            <Button variant="secondary" className="flex-1" disabled={busy} onClick={() => (setStep('details'), setError(undefined))}>
              Change Number
            </Button>
            <Button variant="ghost" className="flex-1" disabled={busy} onClick={() => void resendCode()}>
              Resend Code
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
