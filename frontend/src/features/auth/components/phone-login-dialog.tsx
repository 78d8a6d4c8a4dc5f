import type { User } from '@curbside/contracts';
import { CheckCircle2, Loader2, Phone } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, inputClass } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { sendLoginCode, verifyLoginCode } from '../api/sign-in';
import { formatPhone, isValidCode, isValidPhone } from '../lib/phone-format';
import { CodeField, PhoneNumberField } from './phone-fields';

/** How long the success screen shows before the neighbour is passed on (accounts spec §9). */
export const SUCCESS_HANDOFF_MS = 1500;

type Stage = 'phone' | 'code' | 'name' | 'success';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Called about 1.5 s after the success screen, with the signed-in account (the session cookie is already set). */
  onSignedIn: (user: User, isNewUser: boolean) => void;
}

/** Phone sign-in: phone, code, a first name for a new account, then "Account Created!" or "Welcome Back!". */
export function PhoneLoginDialog({ open, onClose, onSignedIn }: Props) {
  if (!open) return null;
  return <PhoneLogin onClose={onClose} onSignedIn={onSignedIn} />;
}

function serverMessage(error: unknown): string | null {
  return error instanceof ApiError ? error.serverMessage : null;
}

function PhoneLogin({ onClose, onSignedIn }: Omit<Props, 'open'>) {
  const [stage, setStage] = useState<Stage>('phone');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [firstName, setFirstName] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ user: User; isNewUser: boolean } | null>(null);
  const handedOff = useRef(false);

  // The success screen stays for 1.5 s, then the account is handed on and the dialog closes (and so resets).
  useEffect(() => {
    if (!result || handedOff.current) return;
    const timer = setTimeout(() => {
      handedOff.current = true;
      onSignedIn(result.user, result.isNewUser);
      onClose();
    }, SUCCESS_HANDOFF_MS);
    return () => clearTimeout(timer);
  }, [result, onSignedIn, onClose]);

  const sendCode = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!isValidPhone(phone)) {
      toast({ title: 'Invalid Phone Number', description: 'Please enter a valid 10-digit phone number', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const answer = await sendLoginCode(phone);
      if (!answer.success) {
        toast({ title: 'Failed to Send Code', description: answer.message, variant: 'destructive' });
        return;
      }
      toast({ title: 'Code Sent!', description: 'Check your phone for the verification code', variant: 'success' });
      setCode('');
      setStage('code');
    } catch (error) {
      const message = serverMessage(error);
      toast(message ? { title: 'Failed to Send Code', description: message, variant: 'destructive' } : { title: 'Error', description: 'Failed to send verification code', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const verify = async (name?: string) => {
    setBusy(true);
    try {
      const answer = await verifyLoginCode({ phoneNumber: phone, code, ...(name ? { firstName: name } : {}) });
      if (answer.success && answer.user) {
        const greeting = answer.user.firstName ? `, ${answer.user.firstName}` : '';
        toast({
          title: answer.isNewUser ? 'Account Created!' : 'Login Successful!',
          description: answer.isNewUser ? `Welcome to Curbside${greeting}!` : `Welcome back${greeting}!`,
          variant: 'success',
        });
        setResult({ user: answer.user, isNewUser: answer.isNewUser });
        setStage('success');
        return;
      }
      if (answer.needsName) {
        setStage('name');
        return;
      }
      toast({ title: 'Verification Failed', description: answer.message, variant: 'destructive' });
    } catch (error) {
      const message = serverMessage(error);
      toast(message ? { title: 'Verification Failed', description: message, variant: 'destructive' } : { title: 'Error', description: 'Verification failed. Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidCode(code)) {
      toast({ title: 'Invalid Code', description: 'Please enter the 6-digit verification code', variant: 'destructive' });
      return;
    }
    void verify();
  };

  const submitName = (event: FormEvent) => {
    event.preventDefault();
    if (!firstName.trim()) {
      toast({ title: 'Name Required', description: 'Please enter your first name', variant: 'destructive' });
      return;
    }
    void verify(firstName.trim());
  };

  const titles: Record<Stage, string> = {
    phone: 'Login with Phone Number',
    code: 'Enter Verification Code',
    name: 'Create Your Account',
    success: result?.isNewUser ? 'Account Created!' : 'Welcome Back!',
  };
  const descriptions: Record<Stage, ReactNode> = {
    phone: "We'll text you a 6-digit code. No password or e-mail needed.",
    code: (
      <>
        We sent a 6-digit code to <span className="whitespace-nowrap">{formatPhone(phone)}</span>.
      </>
    ),
    name: 'This number is new to Curbside. What should neighbours call you?',
    success: result?.isNewUser ? 'Your account is ready.' : 'You are signed in.',
  };

  return (
    <Dialog open onClose={onClose} title={titles[stage]} description={descriptions[stage]} dismissible={!busy && stage !== 'success'}>
      {stage === 'phone' && (
        <form onSubmit={(e) => void sendCode(e)} className="space-y-4 pb-1" noValidate>
          <PhoneNumberField id="login-phone" value={phone} onChange={setPhone} focusOnOpen />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Phone className="size-4" aria-hidden />}
            {busy ? 'Sending Code...' : 'Send Code'}
          </Button>
        </form>
      )}

      {stage === 'code' && (
        <form onSubmit={submitCode} className="space-y-4 pb-1" noValidate>
          <CodeField id="login-code" value={code} onChange={setCode} focusOnOpen />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy && <Loader2 className="size-4 animate-spin" aria-hidden />}
            {busy ? 'Verifying...' : 'Verify Code'}
          </Button>
          <div className="flex gap-2">
            <Button variant="secondary" className="flex-1" disabled={busy} onClick={() => setStage('phone')}>
              Change Number
            </Button>
            <Button variant="ghost" className="flex-1" disabled={busy} onClick={() => void sendCode()}>
              Resend Code
            </Button>
          </div>
        </form>
      )}

      {stage === 'name' && (
        <form onSubmit={submitName} className="space-y-4 pb-1" noValidate>
          <Field id="login-first-name" label="First name">
            <input
              id="login-first-name"
              className={inputClass}
              autoComplete="given-name"
              maxLength={50}
              value={firstName}
              onChange={(e) => setFirstName(e.target.value)}
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the name is the only thing to type here
              autoFocus
            />
          </Field>
          <Button type="submit" className="w-full" disabled={busy}>
            {busy && <Loader2 className="size-4 animate-spin" aria-hidden />}
            {busy ? 'Creating Account...' : 'Create Account'}
          </Button>
        </form>
      )}

      {stage === 'success' && (
        <div className="space-y-3 py-4 text-center" role="status">
          <CheckCircle2 className="mx-auto size-14 text-emerald-700" aria-hidden />
          <p className="text-xl font-bold">{titles.success}</p>
          <p className="text-slate-700">{result?.user.firstName ? `Hi ${result.user.firstName}!` : 'Hi neighbour!'} Taking you to Curbside...</p>
        </div>
      )}
    </Dialog>
  );
}
