import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client';
import { emptyGarageSale, fieldOfRefusal, garageSaleFormSchema, type GarageSaleValues } from '../lib/garage-sale-rules';
import { GarageSaleFields } from './garage-sale-fields';

interface Props {
  idPrefix: string;
  /**
   * Called with the checked values; the form shows itself as submitting until it settles. `showOnField` puts a refused
   * post's message on the field it is about and says whether it could (else the caller says it in a toast).
   */
  onValid: (values: GarageSaleValues, showOnField: (error: unknown) => boolean) => Promise<void>;
  /** What follows the fields: the submit button, and anything the caller shows above it. */
  children: (submitting: boolean) => ReactNode;
}

/**
 * A garage sale's form (the Post Garage Sale page and the post sheet's Garage Sale tab): react-hook-form checked by
 * the contract's garage-sale schema. Before the first submit a field stays quiet; afterwards its message follows what
 * is typed; a refused submit focuses the first field the form shows as invalid.
 */
export function GarageSaleForm({ idPrefix, onValid, children }: Props) {
  const form = useForm<GarageSaleValues>({ defaultValues: emptyGarageSale(), resolver: zodResolver(garageSaleFormSchema) });
  const submit = (values: GarageSaleValues) =>
    onValid(values, (error) => {
      const field = fieldOfRefusal(error, values);
      if (field) form.setError(field, { message: errorMessage(error) }, { shouldFocus: true });
      return field !== undefined;
    });
  return (
    <FormProvider {...form}>
      <form onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate className="space-y-4">
        <GarageSaleFields idPrefix={idPrefix} />
        {children(form.formState.isSubmitting)}
      </form>
    </FormProvider>
  );
}
