import { RewardError } from '@curbside/contracts/client';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage, hasErrorCode } from '../../../lib/api-client';
import { useOpenRedemptions } from '../api/get-open-redemptions';
import { OpenRedemptionCard } from './open-redemption-card';

/** The redemptions still to send, oldest first (administrators only; the server refuses anyone else and this says so). */
export function FulfilmentList() {
  const open = useOpenRedemptions();
  if (open.isError && hasErrorCode(open.error, RewardError.NOT_ADMIN)) {
    return <p className="rounded-xl bg-white p-4 text-sm text-slate-700">This page is for administrators.</p>;
  }
  return (
    <div className="space-y-3">
      {open.isPending && <Skeleton className="h-40 w-full" />}
      {open.isError && (
        <p role="alert" className="text-sm text-red-700">
          Could not load the redemptions: {errorMessage(open.error)}
        </p>
      )}
      {open.data?.length === 0 && <p className="rounded-xl bg-white p-4 text-sm text-slate-600">Nothing to send. Redeemed goods show up here.</p>}
      {open.data?.map((redemption) => (
        <OpenRedemptionCard key={redemption.id} redemption={redemption} />
      ))}
    </div>
  );
}
