import { zodResolver } from '@hookform/resolvers/zod';
import { refineSavedSearchChange, savedSearchChangeFields, type SavedSearch } from '@curbside/contracts';
import { SAVED_SEARCH_TEXT_MAX } from '@curbside/contracts/client';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { useChangeSavedSearch } from '../api/change-saved-search';

/** The words alone, by the contracts' rules for a change (length, at most 8 words). */
const wordsSchema = savedSearchChangeFields.pick({ query: true }).required().superRefine(refineSavedSearchChange);
type Words = z.infer<typeof wordsSchema>;

/**
 * New words for one of the member's saved searches, in place in the list. A wanted post's new words are read by the
 * automated checks again: the answer may hide it for review, and the member is told so.
 */
export function EditSearchWords({ search, onDone }: { search: SavedSearch; onDone: () => void }) {
  const change = useChangeSavedSearch();
  const form = useForm<Words>({ defaultValues: { query: search.query }, resolver: zodResolver(wordsSchema) });
  const id = `search-words-${search.id}`;
  const error = form.formState.errors.query?.message;
  useEffect(() => form.setFocus('query'), [form]);
  const save = (values: Words) =>
    change.mutate(
      { id: search.id, change: { query: values.query } },
      {
        onSuccess: (answer) => {
          toast(
            answer.isPublic && answer.inReview
              ? { title: 'Wanted post updated', description: 'It is hidden from neighbours until a moderator has looked at the new words.' }
              : { title: answer.isPublic ? 'Wanted post updated' : 'Saved search updated' },
          );
          onDone();
        },
        onError: (err) => form.setError('query', { message: errorMessage(err) }),
      },
    );
  return (
    <form className="mt-2 space-y-2" noValidate onSubmit={(e) => void form.handleSubmit(save)(e)}>
      <Field id={id} label="Search words" error={error}>
        <input
          id={id}
          className={inputClass}
          maxLength={SAVED_SEARCH_TEXT_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...form.register('query')}
        />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="compact" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Save words'}
        </Button>
        <Button type="button" variant="secondary" size="compact" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
