import { zodResolver } from '@hookform/resolvers/zod';
import { cancelRedemptionBodySchema, type CancelRedemptionBody, type OpenRedemption } from '@curbside/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { useDecideRedemption } from '../api/decide-redemption';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Where it goes: the address as a label would have it, the e-mail, or that none was given. */
function Delivery({ delivery }: { delivery: OpenRedemption['delivery'] }) {
  if (delivery?.kind === 'postal') {
    const a = delivery.address;
    return (
      <address className="rounded-lg bg-slate-50 p-2 text-sm whitespace-pre-line text-slate-900 not-italic" data-testid="delivery-address">
        {[a.name, a.line1, a.line2, [a.city, a.region, a.postalCode].filter(Boolean).join(' '), a.country].filter(Boolean).join('\n')}
      </address>
    );
  }
  if (delivery?.kind === 'email') return <p className="rounded-lg bg-slate-50 p-2 text-sm text-slate-900">E-mail to {delivery.email}</p>;
  return <p className="text-sm text-slate-600">No delivery details (redeemed before they were asked): cancel it, or reach the member another way.</p>;
}

/** One redemption to send: what, for whom, where; sent, or cancelled with a reason the member reads. */
export function OpenRedemptionCard({ redemption }: { redemption: OpenRedemption }) {
  const decide = useDecideRedemption();
  const [cancelling, setCancelling] = useState(false);
  const headingId = useId();
  const reasonId = useId();
  const form = useForm<CancelRedemptionBody>({ defaultValues: { reason: '' }, resolver: zodResolver(cancelRedemptionBodySchema) });
  const reasonError = form.formState.errors.reason?.message;

  const done = (title: string, description: string) => toast({ title, description, variant: 'success' });
  const failed = (error: unknown) => toast({ title: 'Could not record the decision', description: errorMessage(error), variant: 'destructive' });
  const fulfil = () =>
    decide.mutate({ redemptionId: redemption.id, action: 'fulfil' }, { onSuccess: () => done('Marked as sent', 'The member has been told.'), onError: failed });
  const cancel = form.handleSubmit((values) =>
    decide.mutate(
      { redemptionId: redemption.id, action: 'cancel', reason: values.reason },
      {
        onSuccess: (answer) => done('Redemption cancelled', `${answer.pointsReturned} points went back to the member, who has been told why.`),
        onError: failed,
      },
    ),
  );

  return (
    <article aria-labelledby={headingId} data-testid="open-redemption" className="space-y-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {redemption.rewardName}
        </h2>
        <span className="text-xs text-slate-600">{when(redemption.redeemedAt)}</span>
      </header>
      <p className="text-sm text-slate-700">
        For <span className="font-medium">{redemption.memberName ?? redemption.memberId}</span> · {redemption.pointsCost} points
      </p>
      <Delivery delivery={redemption.delivery} />
      {cancelling ? (
        <form
          noValidate
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            void cancel();
          }}
        >
          <Field id={reasonId} label="Why it is cancelled (the member reads it)" error={reasonError}>
            <textarea id={reasonId} rows={2} className={inputClass} aria-invalid={reasonError ? true : undefined} {...form.register('reason')} />
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setCancelling(false)} disabled={decide.isPending}>
              Keep it
            </Button>
            <Button type="submit" variant="danger" disabled={decide.isPending}>
              Cancel and give the points back
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setCancelling(true)} disabled={decide.isPending}>
            Cancel…
          </Button>
          <Button onClick={fulfil} disabled={decide.isPending}>
            Mark fulfilled
          </Button>
        </div>
      )}
    </article>
  );
}
