import { emergencyContactSchema } from '@curbside/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, inputClass } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { useEmergencyContact, useSetEmergencyContact } from '../api/emergency-contact';

type Values = z.input<typeof emergencyContactSchema>;

/**
 * Settings → Emergency contact: a name and phone number the member may add. Only the audited emergency lookup shows it
 * to anyone else (docs/security.md); removing it leaves "Not provided" there.
 */
export function EmergencyContactDialog({ open, onClose, userId }: { open: boolean; onClose: () => void; userId: string }) {
  const current = useEmergencyContact(userId);
  const save = useSetEmergencyContact(userId);
  const form = useForm<Values>({ defaultValues: { name: '', phone: '' }, resolver: zodResolver(emergencyContactSchema) });
  const saved = current.data?.emergencyContact;
  useEffect(() => {
    if (saved) form.reset({ name: saved.name, phone: saved.phone });
  }, [saved, form]);

  const store = (emergencyContact: Values | null) =>
    save.mutate(
      { emergencyContact },
      {
        onSuccess: () => {
          toast({ title: emergencyContact ? 'Emergency contact saved' : 'Emergency contact removed', variant: 'success' });
          onClose();
        },
        onError: (error) => toast({ title: 'Could not save', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  const { errors } = form.formState;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      variant="sheet"
      title="Emergency contact"
      description="Someone to call if you are in danger. Only shown to the safety team in an audited emergency lookup."
    >
      {current.isPending ? (
        <p className="text-sm text-slate-600">Loading...</p>
      ) : (
        <form onSubmit={form.handleSubmit((values) => store(values))} className="space-y-3 pb-2" noValidate>
          <Field id="emergency-contact-name" label="Contact name" error={errors.name?.message}>
            <input id="emergency-contact-name" className={inputClass} autoComplete="off" maxLength={100} {...form.register('name')} />
          </Field>
          <Field id="emergency-contact-phone" label="Contact phone" error={errors.phone?.message}>
            <input id="emergency-contact-phone" className={inputClass} type="tel" inputMode="tel" autoComplete="off" {...form.register('phone')} />
          </Field>
          <div className="flex justify-end gap-2">
            {saved && (
              <Button variant="secondary" onClick={() => store(null)} disabled={save.isPending}>
                Remove
              </Button>
            )}
            <Button type="submit" disabled={save.isPending}>
              Save
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
