import type { Position } from '@curbside/contracts';
import { Flag, Megaphone } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { relativeTime } from '../../../lib/notifications/notification-data';
import { useErrorToast } from '../../../components/ui/toast-store';
import { useWanted } from '../api/get-wanted';
import { describeSearch } from '../../../lib/saved-search-text';
import { useSession } from '../../../lib/session/session-provider';

const ReportSheet = lazy(() => import('../../reports/components/report-sheet'));

/**
 * "Wanted nearby": what neighbours asked for around a place, nearest first, each by public name with its distance to
 * the rough spot the server shows (never anyone's exact place). A signed-in member may report another's post.
 */
export function WantedNearby({ position, radius }: { position: Position; radius: number }) {
  const wanted = useWanted(position, radius);
  const { user } = useSession();
  const [reporting, setReporting] = useState<{ id: string; name: string } | null>(null);
  useErrorToast(wanted.error, 'Failed to load wanted posts');
  if (wanted.isPending) return <p className="text-sm text-slate-600">Loading...</p>;
  const posts = wanted.data ?? [];
  if (posts.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-4 text-sm text-slate-600 shadow-sm">
        Nobody nearby has posted a wanted item yet. Save a search and post it as wanted to be the first.
      </p>
    );
  }
  return (
    <>
      <ul aria-label="Wanted nearby" className="space-y-2">
        {posts.map((post) => (
          <li key={post.id} data-testid="wanted-post" className="flex gap-3 rounded-2xl bg-white p-3 shadow-sm">
            <span className="grid size-9 shrink-0 place-items-center rounded-full bg-emerald-50">
              <Megaphone className="size-5 text-emerald-800" aria-hidden />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-semibold text-slate-900">{describeSearch(post)}</span>
              <span className="block text-xs text-slate-600">
                {post.member.publicName} · about {post.distance} mi away · <time dateTime={post.createdAt}>{relativeTime(post.createdAt)}</time>
              </span>
              {post.inReview && <span className="block text-xs font-medium text-amber-900">Hidden from others while a moderator reviews it</span>}
            </span>
            {user && post.member.id !== user.id && (
              <button
                type="button"
                aria-label={`Report ${post.member.publicName}'s wanted post`}
                onClick={() => setReporting({ id: post.id, name: post.member.publicName })}
                className="-my-1 grid size-11 shrink-0 place-items-center rounded text-slate-500 hover:bg-slate-100"
              >
                <Flag className="size-4" aria-hidden />
              </button>
            )}
          </li>
        ))}
      </ul>
      {reporting && (
        <Suspense fallback={null}>
          <ReportSheet target={{ kind: 'wanted', wantedId: reporting.id, authorName: reporting.name }} onClose={() => setReporting(null)} />
        </Suspense>
      )}
    </>
  );
}
