import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { CardSkeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { pendingPointsText } from '../../lib/pending-points';
import { formatAge } from '../../lib/time';
import { useUserItems } from '../../lib/items/get-user-items';
import { StatusBadge } from '../../features/items/components/item-badges';
import { effectiveStatus } from '../../lib/items/item-rules';
import { useSession } from '../../lib/session/session-provider';
import { useErrorToast } from '../../components/ui/toast-store';

type Tab = 'posts' | 'claims';

export default function ActivityRoute() {
  const { user, userId } = useSession();
  const [tab, setTab] = useState<Tab>('posts');
  const items = useUserItems(userId);

  useErrorToast(items.error, 'Failed to fetch user items');

  // A failed load says so, with Retry: never "Posted 0" for posts that could not be read.
  if (items.isError) {
    return (
      <div className="space-y-3">
        <h1 className="text-xl font-bold">My Activity</h1>
        <div role="alert" className="flex flex-col items-center gap-2 rounded-2xl bg-white p-6 text-center">
          <p className="font-semibold">Your activity could not be loaded</p>
          <p className="text-sm text-slate-600">{errorMessage(items.error)}</p>
          <Button variant="secondary" onClick={() => void items.refetch()}>
            Retry
          </Button>
        </div>
      </div>
    );
  }

  const all = items.data ?? [];
  const posts = all.filter((i) => i.posterId === userId);
  const claimed = all.filter((i) => i.claimedById === userId);

  return (
    <div className="space-y-3">
      <h1 className="text-xl font-bold">My Activity</h1>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {[
          ['Points to spend', user?.points ?? 0],
          ['Posted', posts.length],
          ['Claimed', claimed.length],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl bg-white p-3 shadow-sm">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      {pendingPointsText(user?.pendingPoints) && (
        <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-950" data-testid="activity-pending-points">
          {pendingPointsText(user?.pendingPoints)}
        </p>
      )}
      <div role="tablist" aria-label="Activity" className="grid grid-cols-2 gap-1 rounded-xl bg-white p-1 shadow-sm">
        {(['posts', 'claims'] as const).map((t) => (
          <button
            key={t}
            role="tab"
            type="button"
            aria-selected={tab === t}
            onClick={() => setTab(t)}
            className={cn('min-h-11 rounded-lg text-sm font-semibold', tab === t ? 'bg-emerald-700 text-white' : 'text-slate-700')}
          >
            {t === 'posts' ? 'My Posts' : 'My Claims'}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {items.isPending && <CardSkeleton />}
        {tab === 'posts' && items.isSuccess && posts.length === 0 && (
          <p className="rounded-xl bg-white p-4 text-center text-sm text-slate-600">You haven't posted anything yet.</p>
        )}
        {tab === 'claims' && <p className="rounded-xl bg-white p-4 text-center text-sm text-slate-600">Your claimed items will be listed here soon.</p>}
        {tab === 'posts' && posts.length > 0 && (
          <ul className="space-y-2">
            {posts.map((item) => (
              <li key={item.id} className="flex items-center gap-3 rounded-xl bg-white p-3 shadow-sm">
                {item.imageUrl ? (
                  <img src={item.thumbnailUrl ?? item.imageUrl} alt="" width={56} height={56} className="size-14 rounded-lg object-cover" />
                ) : (
                  <div className="size-14 rounded-lg bg-slate-100" />
                )}
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold">{item.title}</p>
                  <p className="text-xs text-slate-600">
                    {item.category} · {formatAge(item.createdAt)}
                  </p>
                  {item.claimedBy && <p className="text-xs text-slate-700">Claimed by {item.claimedBy}</p>}
                </div>
                <StatusBadge status={effectiveStatus(item)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
