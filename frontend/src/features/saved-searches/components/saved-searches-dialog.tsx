import { AUTO_CLAIM_TIERS, AUTO_CLAIMS_PER_DAY, SAVED_SEARCH_LIMITS } from '@curbside/contracts/client';
import { Megaphone } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SwitchRow } from '../../../components/ui/switch-row';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { plural } from '../../../lib/plural';
import { planOf } from '../../../lib/plans/plans';
import { useSession } from '../../../lib/session/session-provider';
import { useDeleteSavedSearch } from '../api/delete-saved-search';
import { useSavedSearches } from '../api/get-saved-searches';
import { useChangeSavedSearch } from '../api/change-saved-search';
import { EditSearchWords } from './edit-search-words';
import { describeSearch } from '../../../lib/saved-search-text';

const PlansDialog = lazy(() => import('../../../components/plans-dialog').then((m) => ({ default: m.PlansDialog })));

const AUTO_CLAIM_HINT = `Holds a matching new item for you, or joins its line when someone holds it: up to ${AUTO_CLAIMS_PER_DAY} a day.`;
const AUTO_CLAIM_LOCKED = `Pro's auto-claim holds a matching new item for you the moment it's posted, up to ${AUTO_CLAIMS_PER_DAY} a day.`;

/**
 * Profile → Saved searches: each with its radius and place, wanted posts marked, each deletable, and Pro's auto-claim
 * switch (on other plans the switch is locked and opens the plans; the server checks the plan either way).
 */
export function SavedSearchesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useSession();
  const plan = planOf(user?.subscriptionTier);
  const saved = useSavedSearches(!!user);
  const remove = useDeleteSavedSearch();
  const autoClaim = useChangeSavedSearch();
  const [plansOpen, setPlansOpen] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const doneEditing = (id: string) => {
    setEditing(null);
    // Back to the button that opened the words, as after a dialog.
    requestAnimationFrame(() => document.getElementById(`edit-words-${id}`)?.focus());
  };
  const emptyId = useId();
  /** A deleted row takes its button with it: focus goes to the next row's Delete (else the one before, else the empty list's words), not to the page. */
  const deleteSearch = (id: string) => {
    const ids = saved.data?.map((s) => s.id) ?? [];
    const at = ids.indexOf(id);
    const next = ids[at + 1] ?? ids[at - 1];
    remove.mutate(id, {
      onSuccess: () => requestAnimationFrame(() => document.getElementById(next ? `delete-search-${next}` : emptyId)?.focus()),
      onError: (error) => toast({ title: 'Could not delete', description: errorMessage(error), variant: 'destructive' }),
    });
  };
  const limit = SAVED_SEARCH_LIMITS[plan.tier];
  const mayAutoClaim = AUTO_CLAIM_TIERS.includes(plan.tier);
  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        variant="sheet"
        title="Saved searches"
        description={`You're alerted when a neighbour posts a match. ${saved.data ? `${saved.data.length} of ${limit}` : `Up to ${limit}`} on the ${plan.name} plan.`}
      >
        {saved.isPending && <p className="text-sm text-slate-600">Loading...</p>}
        {saved.isError && <p className="text-sm text-red-700">The list could not be loaded.</p>}
        {saved.data?.length === 0 && (
          <p id={emptyId} tabIndex={-1} className="text-sm text-slate-600 focus:outline-none">
            No saved searches yet. Search for something, then tap "Save this search".
          </p>
        )}
        {saved.data && saved.data.length > 0 && (
          <ul aria-label="Saved searches" className="divide-y divide-slate-100">
            {saved.data.map((search) => (
              <li key={search.id} className="flex items-start gap-2 py-2">
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
                    {search.inReview && <span className="font-medium text-amber-900">Hidden from others while a moderator reviews it</span>}
                  </span>
                  <SwitchRow
                    label={mayAutoClaim ? 'Auto-claim' : 'Auto-claim (Pro)'}
                    name={`Auto-claim ${describeSearch(search)}${mayAutoClaim ? '' : ', locked: Pro'}`}
                    hint={mayAutoClaim ? AUTO_CLAIM_HINT : AUTO_CLAIM_LOCKED}
                    checked={mayAutoClaim && search.autoClaim}
                    disabled={autoClaim.isPending}
                    onChange={(value) =>
                      mayAutoClaim
                        ? autoClaim.mutate(
                            { id: search.id, change: { autoClaim: value } },
                            { onError: (error) => toast({ title: 'Could not change auto-claim', description: errorMessage(error), variant: 'destructive' }) },
                          )
                        : setPlansOpen(true)
                    }
                  />
                  {editing === search.id && <EditSearchWords search={search} onDone={() => doneEditing(search.id)} />}
                </span>
                <Button
                  id={`edit-words-${search.id}`}
                  variant="secondary"
                  size="compact"
                  className="self-start"
                  aria-expanded={editing === search.id}
                  aria-label={`Edit words of saved search ${describeSearch(search)}`}
                  onClick={() => setEditing(editing === search.id ? null : search.id)}
                >
                  Edit
                </Button>
                <Button
                  id={`delete-search-${search.id}`}
                  variant="secondary"
                  size="compact"
                  className="self-start"
                  disabled={remove.isPending}
                  aria-label={`Delete saved search ${describeSearch(search)}`}
                  onClick={() => deleteSearch(search.id)}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Dialog>
      {plansOpen && (
        <Suspense fallback={null}>
          <PlansDialog open onClose={() => setPlansOpen(false)} reason={AUTO_CLAIM_LOCKED} suggested="pro" />
        </Suspense>
      )}
    </>
  );
}
