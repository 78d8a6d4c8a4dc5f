import { useRef, useState } from 'react';
import type { FeedItem } from '../../../lib/items/item-rules';
import { useSession } from '../../../lib/session/session-provider';
import { hasAcceptedTerms, rememberAcceptedTerms, type SafetyTermsType } from '../../../lib/safety-terms';
import { AccountVerificationSheet } from '../../../components/account-verification-sheet';
import { SafetyTermsDialog } from '../../../components/safety-terms-dialog';
import { SimilarItemsDialog } from './similar-items-dialog';

type Check = { kind: 'verify' } | { kind: 'terms'; type: SafetyTermsType } | { kind: 'similar'; items: FeedItem[] };

/**
 * The dialogs of spec §4 a post goes through, in order: verification (paid posts and scout finds), the safety terms
 * of its kind, then similar items nearby. Each asks and waits for its answer; `dialogs` is where they show.
 */
export function usePostingChecks() {
  const { user } = useSession();
  const [check, setCheck] = useState<Check | null>(null);
  const resolve = useRef<((ok: boolean) => void) | null>(null);

  const ask = (next: Check) =>
    new Promise<boolean>((done) => {
      resolve.current = done;
      setCheck(next);
    });
  const answer = (ok: boolean) => {
    resolve.current?.(ok);
    resolve.current = null;
    setCheck(null);
  };

  /** Verification when needed, then the terms of the post's kind (asked once per device). */
  const confirm = async ({ paid, scout }: { paid: boolean; scout: boolean }): Promise<boolean> => {
    if ((paid || scout) && !user?.isVerified && !(await ask({ kind: 'verify' }))) return false;
    const type: SafetyTermsType = scout ? 'scout' : paid ? 'paid_pickup' : 'posting';
    if (hasAcceptedTerms(type)) return true;
    if (!(await ask({ kind: 'terms', type }))) return false;
    rememberAcceptedTerms(type);
    return true;
  };

  /** Similar items found nearby: true to post anyway. */
  const postDespite = (items: FeedItem[]) => (items.length === 0 ? Promise.resolve(true) : ask({ kind: 'similar', items }));

  const dialogs = (
    <>
      {check?.kind === 'verify' && <AccountVerificationSheet onClose={() => answer(false)} onVerified={() => answer(true)} />}
      {check?.kind === 'terms' && <SafetyTermsDialog type={check.type} onAccept={() => answer(true)} onCancel={() => answer(false)} />}
      {check?.kind === 'similar' && user && (
        <SimilarItemsDialog items={check.items} userId={user.id} onPostAnyway={() => answer(true)} onDone={() => answer(false)} />
      )}
    </>
  );
  return { confirm, postDespite, dialogs };
}
