import { useUserItems } from '../../../lib/items/get-user-items';
import { profileStats } from '../lib/profile-stats';

const TILES = [
  { key: 'itemsPosted', label: 'Items Posted' },
  { key: 'scoutFinds', label: 'Scout Finds' },
  { key: 'votesReceived', label: 'Votes Received' },
] as const;

/** Items Posted, Scout Finds, Votes Received, counted from the user's items. */
export function ProfileStats({ userId }: { userId: string }) {
  const items = useUserItems(userId);
  const stats = items.data ? profileStats(userId, items.data) : null;
  return (
    <section aria-label="Stats" aria-busy={items.isPending} className="grid grid-cols-3 gap-2">
      {TILES.map(({ key, label }) => (
        <div key={key} className="rounded-2xl bg-white p-3 text-center shadow-sm">
          <p className="text-2xl font-extrabold text-slate-900">
            {stats ? (
              stats[key]
            ) : items.isError ? (
              <span title="Not available">–</span>
            ) : (
              <span className="inline-block h-7 w-8 animate-pulse rounded bg-slate-200 align-middle" />
            )}
          </p>
          <p className="text-xs font-medium text-slate-700">{label}</p>
        </div>
      ))}
      {items.isError && (
        <p role="alert" className="col-span-3 text-center text-xs text-red-700">
          Failed to fetch user items
        </p>
      )}
    </section>
  );
}
