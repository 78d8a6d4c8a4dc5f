import { verifyCodeRequestSchema, type User } from '@curbside/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Loader2, Phone } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PhoneVerificationFlow, type PhoneDetails } from '../../../components/phone/phone-verification-flow';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, inputClass } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { ApiError } from '../../../lib/api-client';
import { formatPhone } from '../../../lib/phone-format';
import { sendLoginCode, verifyLoginCode } from '../api/sign-in';

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

/** The first name a new account is asked for, with the contract's own rule (the form says "Name Required"). */
const nameSchema = z.object({ firstName: verifyCodeRequestSchema.shape.firstName.unwrap() });

function PhoneLogin({ onClose, onSignedIn }: Omit<Props, 'open'>) {
  const [stage, setStage] = useState<Stage>('phone');
  const [result, setResult] = useState<{ user: User; isNewUser: boolean } | null>(null);
  const [sentTo, setSentTo] = useState('');
  const [checked, setChecked] = useState<{ phone: string; code: string } | null>(null);
  const handedOff = useRef(false);
  const nameForm = useForm<z.input<typeof nameSchema>, unknown, z.output<typeof nameSchema>>({
    defaultValues: { firstName: '' },
    resolver: zodResolver(nameSchema),
  });
  const send = useMutation({ mutationFn: sendLoginCode });
  const verify = useMutation({ mutationFn: verifyLoginCode });
  const busy = send.isPending || verify.isPending;

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

  const sendCode = async ({ phone }: PhoneDetails) => {
    try {
      const answer = await send.mutateAsync(phone);
      if (!answer.success) {
        toast({ title: 'Failed to Send Code', description: answer.message, variant: 'destructive' });
        return false;
      }
      toast({ title: 'Code Sent!', description: 'Check your phone for the verification code', variant: 'success' });
      setSentTo(phone);
      return true;
    } catch (error) {
      const message = serverMessage(error);
      toast(
        message
          ? { title: 'Failed to Send Code', description: message, variant: 'destructive' }
          : { title: 'Error', description: 'Failed to send verification code', variant: 'destructive' },
      );
      return false;
    }
  };

  const checkCode = async (code: string, { phone }: { phone: string }, firstName?: string) => {
    setChecked({ phone, code });
    try {
      const answer = await verify.mutateAsync({ phoneNumber: phone, code, ...(firstName ? { firstName } : {}) });
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
      toast(
        message
          ? { title: 'Verification Failed', description: message, variant: 'destructive' }
          : { title: 'Error', description: 'Verification failed. Please try again.', variant: 'destructive' },
      );
    }
  };

  const submitName = nameForm.handleSubmit(
    ({ firstName }) => (checked ? checkCode(checked.code, checked, firstName) : undefined),
    () => toast({ title: 'Name Required', description: 'Please enter your first name', variant: 'destructive' }),
  );

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
        We sent a 6-digit code to <span className="whitespace-nowrap">{formatPhone(sentTo)}</span>.
      </>
    ),
    name: 'This number is new to Curbside. What should neighbours call you?',
    success: result?.isNewUser ? 'Your account is ready.' : 'You are signed in.',
  };

  return (
    <Dialog open onClose={onClose} title={titles[stage]} description={descriptions[stage]} dismissible={!busy && stage !== 'success'}>
      {(stage === 'phone' || stage === 'code') && (
        <PhoneVerificationFlow
          id="login"
          focusOnOpen
          changeNumber
          labels={{ send: 'Send Code', sending: 'Sending Code...', verify: 'Verify Code', verifying: 'Verifying...' }}
          sendIcon={<Phone className="size-4" aria-hidden />}
          sendCode={sendCode}
          resendCode={sendCode}
          checkCode={(code, details) => checkCode(code, details)}
          onStageChange={(next) => setStage(next === 'details' ? 'phone' : 'code')}
          onInvalid={(step, message) =>
            toast(
              step === 'details'
                ? { title: 'Invalid Phone Number', description: message, variant: 'destructive' }
                : { title: 'Invalid Code', description: message, variant: 'destructive' },
            )
          }
        />
      )}

      {stage === 'name' && (
        <form onSubmit={(e) => void submitName(e)} className="space-y-4 pb-1" noValidate>
          <Field id="login-first-name" label="First name">
            <input
              id="login-first-name"
              className={inputClass}
              autoComplete="given-name"
              maxLength={50}
              {...nameForm.register('firstName')}
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
