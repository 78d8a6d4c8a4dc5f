import { Leaf } from 'lucide-react';
import { Link } from 'react-router';
import { useMemberImpact } from '../api/get-member-impact';
import { keptDetail, keptHeadline, kg } from '../lib/impact-format';

/** "You kept N kg out of landfill" on the member's profile, with a way to the area's page. */
export function MemberImpactCard({ userId }: { userId: string }) {
  const impact = useMemberImpact(userId);
  const data = impact.data;
  return (
    <section aria-labelledby="member-impact-title" aria-busy={impact.isPending} className="rounded-2xl bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <Leaf className="mt-0.5 size-6 shrink-0 text-emerald-700" aria-hidden />
        <div className="min-w-0 flex-1">
          {data ? (
            <>
              <h2 id="member-impact-title" className="font-bold text-slate-900" data-testid="member-impact">
                {keptHeadline(data.totals)}
              </h2>
              <p className="text-sm text-slate-700">
                {data.totals.pickups === 0
                  ? 'Give an item or pick one up with a checked photo, and its estimated weight counts here.'
                  : `${keptDetail(data.given, data.pickedUp)} · about ${kg(data.totals.co2eKg)} CO₂e saved (estimates)`}
              </p>
            </>
          ) : impact.isError ? (
            <>
              <h2 id="member-impact-title" className="font-bold text-slate-900">
                Your impact
              </h2>
              <p role="alert" className="text-sm text-red-700">
                Could not load your impact
              </p>
            </>
          ) : (
            <>
              <h2 id="member-impact-title" className="sr-only">
                Your impact
              </h2>
              <span className="block h-5 w-3/4 animate-pulse rounded bg-slate-200" />
              <span className="mt-1 block h-4 w-1/2 animate-pulse rounded bg-slate-200" />
            </>
          )}
          <Link to="/impact" className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-emerald-800 underline-offset-2 hover:underline">
            Your area’s impact and fairness
          </Link>
        </div>
      </div>
    </section>
  );
}
