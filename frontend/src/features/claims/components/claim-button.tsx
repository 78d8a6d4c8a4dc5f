import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { isClaimable, type FeedItem } from '../../../lib/items/item-rules';
import { useSession } from '../../../lib/session/session-provider';

// The sheet opens on demand: its code loads only when someone claims.
const ClaimSheet = lazy(() => import('./claim-sheet'));

/**
 * An item card's Claim, for a member who may claim it now; it opens the claim sheet (terms, confirm, photo), which stays
 * open through its success step although the item is no longer claimable by then.
 */
export function ClaimButton({ item }: { item: FeedItem }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  return (
    <>
      {isClaimable(item, user) && (
        <Button onClick={() => setOpen(true)} className="ml-auto">
          Claim
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <ClaimSheet item={item} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
