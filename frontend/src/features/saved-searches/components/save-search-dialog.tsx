import type { Position } from '@curbside/contracts';
import { SAVED_SEARCH_LABEL_MAX, SavedSearchError } from '@curbside/contracts/client';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, inputClass } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage, hasErrorCode } from '../../../lib/api-client';
import { plural } from '../../../lib/plural';
import { useCreateSavedSearch } from '../api/create-saved-search';
import { describeSearch } from '../../../lib/saved-search-text';

export interface SearchToSave {
  query: string;
  category?: string;
  /** The radius the search really covers (already narrowed to the plan's). */
  radius: number;
  position: Position;
}

/**
 * "Save this search": the words, category and radius of the search on screen, around where the member is, with an
 * optional name for the place (theirs alone) and whether to show it to neighbours as a wanted post. A refusal for the
 * plan's count or radius opens the plans instead.
 */
export function SaveSearchDialog({ search, onClose, onNeedsPlan }: { search: SearchToSave; onClose: () => void; onNeedsPlan: (reason: string) => void }) {
  const create = useCreateSavedSearch();
  const [label, setLabel] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const labelId = useId();
  const publicId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        query: search.query,
        category: search.category,
        radius: search.radius,
        location: { lat: search.position.lat, lng: search.position.lng, ...(label.trim() ? { label: label.trim() } : {}) },
        isPublic,
      },
      {
        onSuccess: () => {
          toast({
            title: isPublic ? 'Wanted post shared' : 'Search saved',
            description: `You'll be alerted when a match is posted within ${plural(search.radius, 'mile')}.`,
            variant: 'success',
          });
          onClose();
        },
        onError: (error) => {
          if (hasErrorCode(error, SavedSearchError.LIMIT_REACHED, SavedSearchError.RADIUS_OVER_PLAN)) onNeedsPlan(errorMessage(error));
          else toast({ title: 'Could not save the search', description: errorMessage(error), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} variant="sheet" title="Save this search" description="Get an alert when a neighbour posts a match.">
      <form onSubmit={submit} className="space-y-4">
        <p className="rounded-xl bg-emerald-50 p-3 text-sm text-emerald-950">
          {describeSearch(search)} within {plural(search.radius, 'mile')} of your location
        </p>
        <Field id={labelId} label="Name this place (optional)" hint="Only you see it, e.g. Home or Work.">
          <input
            id={labelId}
            className={inputClass}
            value={label}
            maxLength={SAVED_SEARCH_LABEL_MAX}
            onChange={(e) => setLabel(e.target.value)}
            autoComplete="off"
          />
        </Field>
        <div className="flex items-start gap-3">
          <input id={publicId} type="checkbox" className="mt-1 size-5 accent-emerald-700" checked={isPublic} onChange={(e) => setIsPublic(e.target.checked)} />
          <label htmlFor={publicId} className="text-sm text-slate-800">
            <span className="block font-semibold">Post it as wanted</span>
            Neighbours see what you're looking for and your first name, near a rough spot (never your exact place). You're alerted first when someone posts it.
          </label>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Saving...' : 'Save search'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
