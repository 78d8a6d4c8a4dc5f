import type { Notification } from '@curbside/contracts';
import {
  AlertTriangle,
  Award,
  Bell,
  BellOff,
  Binoculars,
  Check,
  CheckCheck,
  Clock,
  Gift,
  Hand,
  Inbox,
  Package,
  ShieldCheck,
  ThumbsUp,
  PackageCheck,
  SearchCheck,
  TrendingUp,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { closeAndRestore } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { ToastSlot } from '../../../components/ui/toaster';
import { cn } from '../../../lib/cn';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllRead, useMarkRead } from '../api/mark-read';
import {
  appealLinkOf,
  distanceLabel,
  itemLinkOf,
  redemptionLinkOf,
  notificationMessage,
  parseNotificationData,
  relativeTime,
  titleColour,
} from '../../../lib/notifications/notification-data';
import { Link } from 'react-router';

const TYPE_ICONS: Record<string, LucideIcon> = {
  new_item_alert: Package,
  scout_find_alert: Binoculars,
  first_dibs_confirmation: Hand,
  pickup_request: Inbox,
  ranking_update: TrendingUp,
  ranking_alert: Award,
  voting_prompt: ThumbsUp,
  post_expiring: Clock,
  scout_confirmation: ShieldCheck,
  content_violation: AlertTriangle,
  moderation_update: ShieldCheck,
  you_are_up: Hand,
  queue_skipped: Clock,
  item_picked_up: PackageCheck,
  saved_search_match: SearchCheck,
  reward_update: Gift,
};

/** Spec §9: the loading placeholder has 5 rows. */
export const SKELETON_ROWS = 5;

function NotificationRow({ notification, userId, onOpenItem }: { notification: Notification; userId: string; onOpenItem: () => void }) {
  const markRead = useMarkRead(userId);
  const itemLink = itemLinkOf(notification);
  const appealLink = appealLinkOf(notification);
  const redemptionLink = redemptionLinkOf(notification);
  const Icon = TYPE_ICONS[notification.type] ?? Bell;
  const distance = distanceLabel(parseNotificationData(notification.data));
  const unread = !notification.isRead;
  return (
    <li
      data-testid="notification"
      data-read={notification.isRead}
      className={cn('flex gap-3 rounded-xl p-3', unread ? 'bg-emerald-50 ring-1 ring-emerald-200' : 'bg-white')}
    >
      <span className={cn('mt-0.5 grid size-9 shrink-0 place-items-center rounded-full', unread ? 'bg-white' : 'bg-slate-100')}>
        <Icon className={cn('size-5', titleColour(notification.type))} aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className={cn('text-sm font-semibold', titleColour(notification.type))}>
          {unread && <span className="sr-only">Unread: </span>}
          {notification.title}
        </p>
        <p className={cn('mt-0.5 text-sm', unread ? 'text-slate-800' : 'text-slate-600')}>{notificationMessage(notification)}</p>
        {itemLink && (
          <Link
            to={itemLink}
            onClick={() => {
              if (unread) markRead.mutate(notification.id);
              onOpenItem();
            }}
            className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-emerald-800 underline"
          >
            Open item<span className="sr-only">: {notification.title}</span>
          </Link>
        )}
        {appealLink && (
          <Link
            to={appealLink}
            onClick={() => {
              if (unread) markRead.mutate(notification.id);
              onOpenItem();
            }}
            className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-emerald-800 underline"
          >
            Appeal<span className="sr-only">: {notification.title}</span>
          </Link>
        )}
        {redemptionLink && (
          <Link
            to={redemptionLink}
            onClick={() => {
              if (unread) markRead.mutate(notification.id);
              onOpenItem();
            }}
            className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-emerald-800 underline"
          >
            Your redemptions<span className="sr-only">: {notification.title}</span>
          </Link>
        )}
        <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-slate-600">
          <time dateTime={notification.createdAt}>{relativeTime(notification.createdAt)}</time>
          {distance && <span>{distance}</span>}
        </p>
      </div>
      {unread && (
        <button
          type="button"
          onClick={() => markRead.mutate(notification.id)}
          disabled={markRead.isPending}
          aria-label={`Mark "${notification.title}" as read`}
          className="grid size-11 shrink-0 place-items-center self-center rounded-full text-emerald-800 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-emerald-700 disabled:text-slate-400"
        >
          <Check className="size-5" aria-hidden />
        </button>
      )}
    </li>
  );
}

function EmptyState({ unreadOnly }: { unreadOnly: boolean }) {
  return (
    <div className="px-4 py-10 text-center">
      {unreadOnly ? (
        <CheckCheck className="mx-auto size-10 text-emerald-700" aria-hidden />
      ) : (
        <BellOff className="mx-auto size-10 text-slate-500" aria-hidden />
      )}
      <p className="mt-3 font-semibold text-slate-900">{unreadOnly ? 'No unread notifications' : 'No notifications'}</p>
      <p className="mt-1 text-sm text-slate-600">{unreadOnly ? "You're all caught up!" : 'Notifications will appear here when you have activity.'}</p>
    </div>
  );
}

/**
 * The notifications overlay under the bell: a modal <dialog> (focus stays inside, Escape closes, focus returns to
 * `returnFocusTo`, the bell), closed by a click anywhere outside its panel. Lists load only while it is open.
 */
export default function NotificationsPanel({
  userId,
  onClose,
  returnFocusTo,
}: {
  userId: string;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const { data: countData } = useUnreadCount(userId);
  const count = countData?.count ?? 0;
  const list = useNotifications(userId, unreadOnly);
  const markAll = useMarkAllRead(userId);

  // Layout effect: the dialog leaves its modal state while it is still in the document, so the bell (inert until
  // then) can take focus back.
  useLayoutEffect(() => {
    const dialog = ref.current;
    const opener = returnFocusTo.current;
    if (!dialog) return;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => closeAndRestore(dialog, opener);
  }, [returnFocusTo]);

  return (
    // The click handler only catches clicks on the backdrop (outside the panel); Escape is the native cancel event.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid="notifications-panel"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-x-2 bottom-auto top-16 m-0 ml-auto max-h-[calc(100dvh-5rem)] w-auto max-w-sm overflow-hidden rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/30 sm:left-auto sm:right-4 sm:w-96"
    >
      <div className="flex max-h-[calc(100dvh-5rem)] flex-col">
        <div className="flex items-center gap-2 border-b border-slate-100 px-4 py-3">
          <h2 id={titleId} className="text-lg font-semibold">
            Notifications
          </h2>
          {count > 0 && (
            <span data-testid="panel-unread-count" className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
              <span className="sr-only">Unread: </span>
              {count}
            </span>
          )}
          <button
            type="button"
            onClick={onClose}
            aria-label="Close notifications"
            className="ml-auto grid size-11 place-items-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-700"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        <ToastSlot kind="modal" />
        <div className="flex items-center gap-2 px-4 py-2">
          <div role="group" aria-label="Show" className="flex rounded-xl bg-slate-100 p-1">
            {([false, true] as const).map((only) => (
              <button
                key={String(only)}
                type="button"
                aria-pressed={unreadOnly === only}
                onClick={() => setUnreadOnly(only)}
                className={cn(
                  'min-h-9 rounded-lg px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-emerald-700',
                  unreadOnly === only ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700',
                )}
              >
                {only ? 'Unread' : 'All'}
              </button>
            ))}
          </div>
          {count > 0 && (
            <Button variant="ghost" className="ml-auto min-h-9 px-3 text-emerald-800" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
              <CheckCheck className="size-4" aria-hidden />
              Mark All Read
            </Button>
          )}
        </div>
        <div className="overflow-y-auto px-3 pb-3">
          {list.isPending ? (
            <ul aria-label="Loading notifications" className="space-y-2">
              {Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <li key={i} data-testid="notification-skeleton" className="flex gap-3 rounded-xl p-3">
                  <Skeleton className="size-9 shrink-0" corners="full" />
                  <div className="flex-1 space-y-2">
                    <Skeleton className="h-4 w-2/3" />
                    <Skeleton className="h-3 w-full" />
                    <Skeleton className="h-3 w-1/4" />
                  </div>
                </li>
              ))}
            </ul>
          ) : list.isError ? (
            <div className="px-4 py-8 text-center">
              <p className="font-semibold">Could not load notifications</p>
              <Button variant="secondary" className="mt-3" onClick={() => void list.refetch()}>
                Retry
              </Button>
            </div>
          ) : list.data.length === 0 ? (
            <EmptyState unreadOnly={unreadOnly} />
          ) : (
            <ul aria-label={unreadOnly ? 'Unread notifications' : 'All notifications'} className="space-y-2">
              {list.data.map((n) => (
                <NotificationRow key={n.id} notification={n} userId={userId} onOpenItem={onClose} />
              ))}
            </ul>
          )}
        </div>
      </div>
    </dialog>
  );
}
