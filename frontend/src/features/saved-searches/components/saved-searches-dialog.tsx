import { SAVED_SEARCH_LIMITS } from '@curbside/contracts/client';
import { Megaphone } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { plural } from '../../../lib/plural';
import { planOf } from '../../plans/lib/plans';
import { useSession } from '../../users/session-provider';
import { useDeleteSavedSearch } from '../api/delete-saved-search';
import { useSavedSearches } from '../api/get-saved-searches';
import { describeSearch } from '../lib/saved-search-text';

/** Profile → Saved searches: each with its radius and place, wanted posts marked, each deletable. */
export function SavedSearchesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useSession();
  const plan = planOf(user?.subscriptionTier);
  const saved = useSavedSearches(!!user);
  const remove = useDeleteSavedSearch();
  const limit = SAVED_SEARCH_LIMITS[plan.tier];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      variant="sheet"
      title="Saved searches"
      description={`You're alerted when a neighbour posts a match. ${saved.data ? `${saved.data.length} of ${limit}` : `Up to ${limit}`} on the ${plan.name} plan.`}
    >
      {saved.isPending && <p className="text-sm text-slate-600">Loading...</p>}
      {saved.isError && <p className="text-sm text-red-700">The list could not be loaded.</p>}
      {saved.data?.length === 0 && <p className="text-sm text-slate-600">No saved searches yet. Search for something, then tap "Save this search".</p>}
      {saved.data && saved.data.length > 0 && (
        <ul aria-label="Saved searches" className="divide-y divide-slate-100">
          {saved.data.map((search) => (
            <li key={search.id} className="flex items-center gap-2 py-2">
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold text-slate-900">{describeSearch(search)}</span>
                <span className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
                  <span>
                    Within {plural(search.radius, 'mile')} of {search.location.label ?? 'where you saved it'}
                  </span>
                  {search.isPublic && (
                    <span className="inline-flex items-center gap-1 font-semibold text-emerald-800">
                      <Megaphone className="size-3" aria-hidden /> Wanted post
                    </span>
                  )}
                </span>
              </span>
              <Button
                variant="secondary"
                size="compact"
                disabled={remove.isPending}
                aria-label={`Delete saved search ${describeSearch(search)}`}
                onClick={() => remove.mutate(search.id, { onError: (error) => toast({ title: 'Could not delete', description: errorMessage(error), variant: 'destructive' }) })}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
