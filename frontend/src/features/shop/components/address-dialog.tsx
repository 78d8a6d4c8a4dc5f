import { zodResolver } from '@hookform/resolvers/zod';
import { DELIVERY_KEPT_DAYS, postalAddressSchema, type PostalAddress, type Reward } from '@curbside/contracts';
import { Loader2 } from 'lucide-react';
import { useId } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, inputClass } from '../../../components/ui/field';

const EMPTY: PostalAddress = { name: '', line1: '', line2: '', city: '', region: '', postalCode: '', country: '' };

function TextField({
  label,
  error,
  register,
  autoComplete,
  hint,
}: {
  label: string;
  error?: string;
  register: UseFormRegisterReturn;
  autoComplete: string;
  hint?: string;
}) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className={inputClass}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...register}
      />
    </Field>
  );
}

/**
 * Where goods are posted (docs/product-rules.md, "Fulfilment"), checked with the contracts' schema as the server
 * checks it. Only the member and administrators see it; it is erased 30 days after the reward is sent.
 */
export function AddressDialog({
  reward,
  pending,
  onClose,
  onSubmit,
}: {
  reward: Reward;
  pending: boolean;
  onClose: () => void;
  onSubmit: (address: PostalAddress) => void;
}) {
  const form = useForm<PostalAddress>({ defaultValues: EMPTY, resolver: zodResolver(postalAddressSchema) });
  const errors = form.formState.errors;
  return (
    <Dialog
      open
      onClose={onClose}
      variant="sheet"
      dismissible={!pending}
      title={`Where should we send your ${reward.name}?`}
      description={`Only you and the people who send it can see this address. It is erased ${DELIVERY_KEPT_DAYS} days after your reward is sent.`}
    >
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          void form.handleSubmit(onSubmit)();
        }}
      >
        <TextField label="Full name" autoComplete="name" register={form.register('name')} error={errors.name?.message} />
        <TextField label="Address line 1" autoComplete="address-line1" register={form.register('line1')} error={errors.line1?.message} />
        <TextField label="Address line 2 (optional)" autoComplete="address-line2" register={form.register('line2')} error={errors.line2?.message} />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="City" autoComplete="address-level2" register={form.register('city')} error={errors.city?.message} />
          <TextField label="State or region (optional)" autoComplete="address-level1" register={form.register('region')} error={errors.region?.message} />
          <TextField label="Postal code" autoComplete="postal-code" register={form.register('postalCode')} error={errors.postalCode?.message} />
          <TextField label="Country" autoComplete="country-name" register={form.register('country')} error={errors.country?.message} />
        </div>
        <div className="flex justify-end gap-2 pt-1">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending && <Loader2 className="size-4 animate-spin" aria-hidden />}
            {pending ? 'Redeeming...' : `Redeem for ${reward.pointsCost} points`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
