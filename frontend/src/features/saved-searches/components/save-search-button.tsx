import { SAVED_SEARCH_LIMITS } from '@curbside/contracts/client';
import { BellPlus, Lock } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { planOf } from '../../../lib/plans/plans';
import { useSession } from '../../../lib/session/session-provider';
import { useSavedSearches } from '../api/get-saved-searches';
import { isSavableSearch, planLimitText } from '../../../lib/saved-search-text';
import { SaveSearchDialog, type SearchToSave } from './save-search-dialog';

const PlansDialog = lazy(() => import('../../../components/plans-dialog').then((m) => ({ default: m.PlansDialog })));

/**
 * The search screen's "Save this search" (docs/product-rules.md, "Saved searches"): shown once the search has words
 * or a category. Past the plan's number of saved searches it is locked and opens the plans.
 */
export function SaveSearchButton({ search }: { search: SearchToSave }) {
  const { user } = useSession();
  const saved = useSavedSearches(!!user);
  const [open, setOpen] = useState<'save' | { plans: string } | null>(null);
  if (!user || !isSavableSearch(search)) return null;
  const plan = planOf(user.subscriptionTier);
  const full = (saved.data?.length ?? 0) >= SAVED_SEARCH_LIMITS[plan.tier];

  return (
    <>
      {full ? (
        <Button
          variant="secondary"
          size="compact"
          aria-label={`Save this search, locked: ${planLimitText(plan.name, plan.tier)}`}
          onClick={() => setOpen({ plans: `${planLimitText(plan.name, plan.tier)} Delete one in Profile → Saved searches, or choose a plan that keeps more.` })}
        >
          <Lock className="size-4" aria-hidden /> Save this search
        </Button>
      ) : (
        <Button variant="secondary" size="compact" onClick={() => setOpen('save')} disabled={saved.isPending}>
          <BellPlus className="size-4" aria-hidden /> Save this search
        </Button>
      )}
      {open === 'save' && <SaveSearchDialog search={search} onClose={() => setOpen(null)} onNeedsPlan={(reason) => setOpen({ plans: reason })} />}
      {open !== null && open !== 'save' && (
        <Suspense fallback={null}>
          <PlansDialog open onClose={() => setOpen(null)} reason={open.plans} />
        </Suspense>
      )}
    </>
  );
}
