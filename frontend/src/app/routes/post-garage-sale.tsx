import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { wantedByText } from '../../features/saved-searches/lib/saved-search-text';
import { errorMessage } from '../../lib/api-client';
import { currentPosition } from '../../features/location/current-position';
import { useCreateItem } from '../../features/posting/api/create-item';
import { GarageSaleFields } from '../../features/posting/components/garage-sale-fields';
import { emptyGarageSale, garageSaleFormSchema, garageSalePayload, type GarageSaleErrors, type GarageSaleValues } from '../../features/posting/lib/garage-sale-rules';
import { useSession } from '../../features/users/session-provider';

/** Post Garage Sale: the form is checked by the contract's garage-sale schema (through react-hook-form) before any call. */
export default function PostGarageSaleRoute() {
  const navigate = useNavigate();
  const { user } = useSession();
  const create = useCreateItem();
  const form = useForm<GarageSaleValues>({ defaultValues: emptyGarageSale(), resolver: zodResolver(garageSaleFormSchema), shouldFocusError: false });
  const values = form.watch();
  const { errors: fieldErrors, isSubmitting, isSubmitted } = form.formState;
  const errors: GarageSaleErrors = Object.fromEntries(Object.entries(fieldErrors).map(([field, error]) => [field, error?.message]));
  const pending = isSubmitting || create.isPending;

  const post = async (valid: GarageSaleValues) => {
    try {
      // Posting needs the device position; without it the post fails.
      const position = await currentPosition();
      const posted = await create.mutateAsync({ ...garageSalePayload(valid, position), ...(user ? { posterId: user.id } : {}) });
      const wanted = wantedByText(posted.wantedBy);
      toast({ title: wanted?.title ?? 'Garage Sale Posted!', description: wanted?.description ?? 'Your garage sale has been posted successfully.', variant: 'success', keepOnNavigation: true });
      navigate('/');
    } catch (error) {
      const message = errorMessage(error);
      toast(message ? { title: 'Error', description: message, variant: 'destructive' } : { title: 'Failed to post garage sale', variant: 'destructive' });
    }
  };

  // Focus goes to the first invalid field as the form shows them (the schema reports its checks in its own order).
  const submit = form.handleSubmit(post, (invalid) => {
    const fields = Object.keys(invalid)
      .map((name) => document.getElementById(`sale-${name}`))
      .filter((field): field is HTMLElement => field !== null);
    fields.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    fields[0]?.focus();
  });

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-2">
        <Link to="/" aria-label="Back to the feed" className="grid size-11 place-items-center rounded-full hover:bg-slate-200">
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        <h1 className="text-xl font-bold">Post Garage Sale</h1>
      </div>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <GarageSaleFields
          idPrefix="sale"
          values={values}
          errors={errors}
          onChange={(field, value) => {
            form.setValue(field, value, { shouldDirty: true });
            // Before the first submit a field stays quiet; afterwards its message follows what is typed.
            if (isSubmitted) void form.trigger();
            else form.clearErrors(field);
          }}
        />
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? 'Posting Garage Sale...' : 'Post Garage Sale'}
        </Button>
      </form>
    </div>
  );
}
