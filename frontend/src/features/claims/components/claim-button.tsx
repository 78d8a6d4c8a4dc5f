import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
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
  const card = useRef<HTMLElement | null>(null);
  // Set when focus may have been lost: the sheet closed, or Claim left the card while it had focus.
  const [focusCheck, setFocusCheck] = useState(0);

  // Once the item is claimed, or held by someone else, Claim is gone: focus would fall to the page's start, so it goes
  // to the heading that names the card instead (a control of the card the member may act on next is under it).
  useEffect(() => {
    if (!focusCheck || !card.current?.isConnected) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const headingId = card.current.getAttribute('aria-labelledby');
    const heading = headingId ? document.getElementById(headingId) : null;
    (heading ?? card.current).focus({ preventScroll: true });
  }, [focusCheck]);

  const claimRef = useCallback((button: HTMLButtonElement | null) => {
    if (!button) return;
    card.current = button.closest('article');
    return () => {
      if (document.activeElement === button) setFocusCheck((n) => n + 1);
    };
  }, []);

  return (
    <>
      {isClaimable(item, user) && (
        <Button ref={claimRef} onClick={() => setOpen(true)} className="ml-auto">
          Claim
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <ClaimSheet
            item={item}
            onClose={() => {
              setOpen(false);
              setFocusCheck((n) => n + 1);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
