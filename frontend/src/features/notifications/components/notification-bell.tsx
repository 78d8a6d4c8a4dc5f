import { Bell } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useUnreadCount } from '../api/get-unread-count';
import type { StaleElsewhere } from '../lib/refresh-on-notification';
import { useLiveUpdates } from '../lib/use-live-updates';
import { BadgeCelebrationWatcher } from './badge-celebration-watcher';

const NotificationsPanel = lazy(() => import('./notifications-panel'));

export function unreadLabel(count: number): string {
  return count > 9 ? '9+' : String(count);
}

/**
 * The header's bell (only with a user): the unread badge, the notifications panel (its own chunk, loaded on the
 * first click), the live stream that keeps the count current (and, through `staleElsewhere`, what other features show
 * of a notification), and the badge celebration on any screen.
 */
export function NotificationBell({ userId, staleElsewhere }: { userId: string; staleElsewhere?: StaleElsewhere }) {
  useLiveUpdates(userId, staleElsewhere);
  const { data } = useUnreadCount(userId);
  const count = data?.count ?? 0;
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // The panel gives focus back to the bell as it unmounts, once its modal dialog is closed (before that the bell is inert).
  const close = () => setOpen(false);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
        className="relative grid size-11 place-items-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-700"
      >
        <Bell className="size-6" aria-hidden />
        {count > 0 && (
          <span
            data-testid="unread-badge"
            className="absolute right-1 top-1 grid h-5 min-w-5 place-items-center rounded-full bg-red-700 px-1 text-[11px] font-bold text-white"
          >
            {unreadLabel(count)}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationsPanel userId={userId} onClose={close} returnFocusTo={buttonRef} />
        </Suspense>
      )}
      <BadgeCelebrationWatcher userId={userId} />
    </>
  );
}
