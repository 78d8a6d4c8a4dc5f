import { zodResolver } from '@hookform/resolvers/zod';
import { appealRequestSchema, type AppealRequest } from '@curbside/contracts';
import { ModerationError } from '@curbside/contracts/client';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { errorMessage, hasErrorCode } from '../../../lib/api-client';
import { useAppealCase } from '../api/appeal-case';

/** The poster of removed content asks, once and with a reason, for another moderator to look again. */
export function AppealForm({ caseId }: { caseId: string }) {
  const appeal = useAppealCase();
  const form = useForm<AppealRequest>({ defaultValues: { reason: '' }, resolver: zodResolver(appealRequestSchema) });
  const reasonError = form.formState.errors.reason?.message;
  if (appeal.isSuccess) {
    return (
      <p role="status" className="rounded-xl bg-emerald-50 p-4 text-sm text-emerald-900">
        {appeal.data.message}
      </p>
    );
  }
  const refusal = appeal.error
    ? hasErrorCode(appeal.error, ModerationError.APPEAL_NOT_ALLOWED)
      ? 'This decision was appealed already, or it is not a removal.'
      : hasErrorCode(appeal.error, ModerationError.CASE_NOT_FOUND)
        ? 'There is no removal of yours to appeal here.'
        : errorMessage(appeal.error)
    : undefined;
  return (
    <form className="space-y-3" noValidate onSubmit={(e) => void form.handleSubmit((values) => appeal.mutate({ caseId, reason: values.reason }))(e)}>
      <label htmlFor="appeal-reason" className="block text-sm font-medium">
        Why should it be back up?
      </label>
      <textarea
        id="appeal-reason"
        rows={4}
        maxLength={1000}
        className={inputClass}
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={reasonError ? 'appeal-reason-error' : undefined}
        {...form.register('reason')}
      />
      {(reasonError ?? refusal) && (
        <p id="appeal-reason-error" role="alert" className="text-sm text-red-700">
          {reasonError ?? refusal}
        </p>
      )}
      <Button type="submit" disabled={appeal.isPending} className="w-full">
        {appeal.isPending ? 'Sending...' : 'Send appeal'}
      </Button>
    </form>
  );
}
