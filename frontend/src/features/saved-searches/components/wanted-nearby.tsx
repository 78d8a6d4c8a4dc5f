import type { Position } from '@curbside/contracts';
import { Megaphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { relativeTime } from '../../../lib/notifications/notification-data';
import { useErrorToast } from '../../../components/ui/toast-store';
import { useWanted, type WantedPost } from '../api/get-wanted';
import { describeSearch } from '../../../lib/saved-search-text';
import { useSession } from '../../../lib/session/session-provider';

/**
 * "Wanted nearby": what neighbours asked for around a place, nearest first, each by public name with its distance to
 * the rough spot the server shows (never anyone's exact place). A signed-in member sees `reportAction` (composed by the
 * app) on another's post.
 */
export function WantedNearby({ position, radius, reportAction }: { position: Position; radius: number; reportAction?: (post: WantedPost) => ReactNode }) {
  const wanted = useWanted(position, radius);
  const { user } = useSession();
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
          {user && post.member.id !== user.id && reportAction?.(post)}
        </li>
      ))}
    </ul>
  );
}
