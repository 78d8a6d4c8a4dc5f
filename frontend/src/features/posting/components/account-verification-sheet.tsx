import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, Clock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, inputClass } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { api, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../users/session-provider';

interface VerificationStatus {
  status: 'none' | 'pending' | 'verified';
  submittedAt: string | null;
}

/** Account Verification (document 2 owns the full flow): already verified, pending, details, code. */
export function AccountVerificationSheet({ onClose, onVerified }: { onClose: () => void; onVerified: () => void }) {
  const { user, refreshUser } = useSession();
  const status = useQuery({
    queryKey: ['/api/verification/status', user?.id],
    queryFn: () => api.get<VerificationStatus>(`/api/verification/status/${user?.id}`),
    enabled: !!user,
    staleTime: 0,
  });
  const [step, setStep] = useState<'details' | 'code'>('details');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const sendDetails = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) return setError('A user id is required');
    if (!name.trim() || !phone.trim()) return setError('Full name and phone number are required');
    setBusy(true);
    try {
      await api.post(`/api/users/${user.id}/verify`, { name: name.trim(), email: '', phone, verificationMethod: 'phone' });
      setStep('code');
      setError(undefined);
    } catch (e) {
      toast({ title: 'Failed to submit verification', description: errorMessage(e), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== 6) return setError('Please enter the 6-digit verification code');
    setBusy(true);
    try {
      const answer = await api.post<{ success: boolean; message?: string }>('/api/phone/verify-code', { phone, code });
      if (!answer.success) throw new Error(answer.message || 'Invalid verification code');
      await refreshUser();
      toast({ title: 'Account verified', variant: 'success' });
      onVerified();
    } catch (e) {
      toast({ title: 'Verification failed', description: errorMessage(e) || 'Invalid verification code', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const current = user?.isVerified ? 'verified' : status.data?.status;

  return (
    <Dialog open onClose={onClose} title="Account Verification" description="Verified neighbours can offer rewards and post scout finds." variant="sheet">
      {current === 'verified' ? (
        <div className="space-y-3 text-center">
          <BadgeCheck className="mx-auto size-10 text-emerald-700" aria-hidden />
          <p>Your account is already verified.</p>
          <Button onClick={onVerified} className="w-full">
            Continue
          </Button>
        </div>
      ) : current === 'pending' ? (
        <div className="space-y-3 text-center">
          <Clock className="mx-auto size-10 text-amber-600" aria-hidden />
          <p>Your verification is pending{status.data?.submittedAt ? ` (submitted ${new Date(status.data.submittedAt).toLocaleString()})` : ''}.</p>
          <Button variant="secondary" onClick={onClose} className="w-full">
            Close
          </Button>
        </div>
      ) : step === 'details' ? (
        <form onSubmit={(e) => void sendDetails(e)} className="space-y-3" noValidate>
          <Field id="verify-name" label="Full name">
            <input id="verify-name" className={inputClass} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field id="verify-phone" label="Phone number">
            <input id="verify-phone" className={inputClass} type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
          </Field>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <Button type="submit" disabled={busy} className="w-full">
            Send Code
          </Button>
        </form>
      ) : (
        <form onSubmit={(e) => void sendCode(e)} className="space-y-3" noValidate>
          <Field id="verify-code" label="6-digit code">
            <input id="verify-code" className={inputClass} inputMode="numeric" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
          </Field>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <Button type="submit" disabled={busy} className="w-full">
            Verify
          </Button>
        </form>
      )}
    </Dialog>
  );
}
