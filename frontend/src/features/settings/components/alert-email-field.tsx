import type { User } from '@curbside/contracts';
import { Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useSetAlertEmail } from '../api/set-alert-email';

/** The address alert e-mails go to: confirmed by the link mailed to it (nothing else is sent before). */
export function AlertEmailField({ user }: { user: User }) {
  const [email, setEmail] = useState(user.alertEmail?.address ?? '');
  const save = useSetAlertEmail();
  const id = useId();
  const statusId = `${id}-status`;
  const current = save.data ?? user.alertEmail;
  const refused = save.isError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    save.mutate(email);
  };

  return (
    <div className="pb-2">
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        E-mail address for alerts
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          type="email"
          autoComplete="email"
          value={email}
          aria-invalid={refused || undefined}
          aria-describedby={statusId}
          onChange={(e) => {
            setEmail(e.target.value);
            // A new address is not the refused one: the field says what holds again.
            if (refused) save.reset();
          }}
          onKeyDown={(e) => e.key === 'Enter' && submit(e)}
          className={cn('h-11 min-w-0 flex-1 rounded-lg border px-2 text-sm text-slate-900', refused ? 'border-red-700' : 'border-slate-300')}
        />
        <Button variant="secondary" size="compact" onClick={submit} disabled={save.isPending || email.trim() === ''}>
          {save.isPending && <Loader2 className="size-4 animate-spin" aria-hidden />}
          {current?.address === email.trim().toLowerCase() && !current.confirmed ? 'Send again' : 'Save'}
        </Button>
      </div>
      <p id={statusId} className={cn('mt-1 text-xs', refused ? 'font-medium text-red-700' : 'text-slate-600')} role="status">
        {refused
          ? errorMessage(save.error)
          : current
            ? current.confirmed
              ? `Confirmed: ${current.address}`
              : `We sent a confirmation link to ${current.address}. Nothing else is sent until you open it (valid 24 hours).`
            : 'Add an address, then open the link we mail to it.'}
      </p>
    </div>
  );
}
