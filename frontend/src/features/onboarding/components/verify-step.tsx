import type { User } from '@curbside/contracts';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, Camera, Trophy } from 'lucide-react';
import { useState } from 'react';
import { PhoneVerificationFlow, type PhoneDetails } from '../../../components/phone/phone-verification-flow';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { formatPhone } from '../../../lib/phone-format';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { getUser, isOwnRecord } from '../../../lib/session/api/get-user';
import { confirmVerification, startVerification } from '../../../lib/session/api/verification';
import { createOnboardedUser } from '../api/complete-onboarding';

interface Props {
  allowLocation: boolean;
  onBack: () => void;
  onDone: (user: User) => void;
}

/**
 * Step 5 (accounts spec §2, §4): the account is made with the name and phone, then the phone is verified with a
 * texted code. Its own chunk, loaded as the flow nears it: the first steps download no form library and no schemas.
 */
export default function VerifyStep({ allowLocation, onBack, onDone }: Props) {
  const [created, setCreated] = useState<User | null>(null);
  const create = useMutation({ mutationFn: createOnboardedUser });

  const getStarted = async ({ name, phone }: PhoneDetails) => {
    const displayName = name.trim();
    let user: User;
    try {
      user = await create.mutateAsync({ displayName, email: '', phone, allowLocation });
    } catch (error) {
      console.error('Creating the account failed', error);
      toast({ title: 'Error', description: `Could not create your account: ${errorMessage(error)}`, variant: 'destructive' });
      return false;
    }
    storage.set(STORAGE_KEYS.userId, user.id);
    try {
      await startVerification(user.id, displayName, phone);
    } catch (error) {
      // The account exists either way: verification can be finished later from the profile.
      toast({ title: 'Failed to submit verification', description: errorMessage(error), variant: 'destructive' });
      onDone(user);
      return false;
    }
    toast({ title: 'Code Sent!', description: 'Check your phone for the verification code', variant: 'success' });
    setCreated(user);
    return true;
  };

  const verify = async (code: string, { phone }: PhoneDetails) => {
    if (!created) return;
    try {
      const answer = await confirmVerification(phone, code);
      if (!answer.success) throw new Error(answer.message || 'Invalid verification code');
    } catch (error) {
      toast({ title: 'Verification failed', description: errorMessage(error) || 'Invalid verification code', variant: 'destructive' });
      return;
    }
    toast({ title: 'Account Verified', description: 'Welcome to Curbside! You can now become a Curb Scout.', variant: 'success' });
    const fresh = await getUser(created.id).catch(() => null);
    onDone(fresh && isOwnRecord(fresh) ? fresh : { ...created, isVerified: true });
  };

  return (
    <PhoneVerificationFlow
      id="onboarding"
      withName
      labels={{ send: 'Get Started', sending: 'Setting Up...', verify: 'Verify & Get Started', verifying: 'Verifying...' }}
      sendCode={getStarted}
      checkCode={verify}
      onInvalid={(stage) =>
        toast(
          stage === 'details'
            ? { title: 'Required fields missing', description: 'Please provide your full name and phone number for verification.', variant: 'destructive' }
            : { title: 'Invalid Code', description: 'Please enter the 6-digit verification code', variant: 'destructive' },
        )
      }
      detailsIntro={<p>Tell neighbours who you are. Verification is instant: we text a code to your phone and you are verified as soon as you enter it.</p>}
      detailsNote={
        <ul className="space-y-1 text-sm text-slate-700">
          <li className="flex gap-2">
            <Camera className="size-4 shrink-0" aria-hidden /> Verified neighbours can post scout finds and offer pickup rewards.
          </li>
          <li className="flex gap-2">
            <Trophy className="size-4 shrink-0" aria-hidden /> Your first name shows on the leaderboard and your posts (with your last initial once verified),
            never your full name or phone. You can show a made-up name instead from your profile.
          </li>
        </ul>
      }
      detailsBack={(busy) => (
        <Button variant="secondary" className="flex-1" onClick={onBack} disabled={busy}>
          <ArrowLeft className="size-4" aria-hidden /> Back
        </Button>
      )}
      codeIntro={(phone) => (
        <>
          We texted a 6-digit code to <span className="whitespace-nowrap">{formatPhone(phone)}</span>. Enter it to verify your account now.
        </>
      )}
      codeFooter={(busy) => (
        <>
          <Button variant="ghost" className="w-full" disabled={busy} onClick={() => created && onDone(created)}>
            Skip for now
          </Button>
          <p className="text-center text-sm text-slate-600">
            No code? A number that already has an account gets none here: use Login with Phone Number on the first step instead.
          </p>
        </>
      )}
    />
  );
}
