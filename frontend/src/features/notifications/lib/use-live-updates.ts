import type { Notification } from '@curbside/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../../components/ui/toast-store';
import { notificationKeys } from '../api/keys';
import { LIVE_EVENT, LIVE_STREAM_PATH } from '../../../lib/notifications/live-constants';
import { publishLiveNotification, setLiveConnected } from '../../../lib/notifications/live-status';
import { notificationMessage } from '../../../lib/notifications/notification-data';
import { refreshOnNotification, type StaleElsewhere } from './refresh-on-notification';

/** When the server refuses the stream outright (the browser then stops), try again this much later. */
export const LIVE_RETRY_AFTER_CLOSE_MS = 30_000;

/** A second read of what a live notification changed, for the services that learn of the same event a little later. */
export const LIVE_REFRESH_AGAIN_MS = 800;

/** Notifications that mean a hold changed hands from a queue (docs/product-rules.md, "Queue"). */
const QUEUE_NOTIFICATIONS = new Set<string>(['you_are_up', 'queue_skipped']);

function parse<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

async function applyCount(queryClient: QueryClient, userId: string, count: number): Promise<void> {
  const key = notificationKeys.count(userId);
  // A count fetch still on its way is older than the pushed count: it must not overwrite it.
  await queryClient.cancelQueries({ queryKey: key });
  const previous = queryClient.getQueryData<{ count: number }>(key);
  queryClient.setQueryData(key, { count });
  // A lower count means something was read (perhaps in another tab): open lists are refetched.
  if (previous && count < previous.count) await queryClient.invalidateQueries({ queryKey: notificationKeys.lists(userId) });
}

function applyNotification(queryClient: QueryClient, userId: string, notification: Notification): void {
  const prepend = (list: Notification[] | undefined) => (list && !list.some((n) => n.id === notification.id) ? [notification, ...list] : list);
  queryClient.setQueryData<Notification[]>(notificationKeys.list(userId, false), prepend);
  if (!notification.isRead) queryClient.setQueryData<Notification[]>(notificationKeys.list(userId, true), prepend);
}

/**
 * The live channel (`GET /api/events/stream`, Server-Sent Events on the session cookie): the unread count and new
 * notifications go straight into the query caches. While it is open nothing polls; when it drops, the count's
 * 30 s polling takes over until the browser has reconnected (it does so by itself, sending Last-Event-ID). What a
 * notification makes stale is read again, in the shared layers and `elsewhere` (a constant: a new object reconnects).
 */
export function useLiveUpdates(userId: string | null, elsewhere?: StaleElsewhere): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      const stream = new EventSource(LIVE_STREAM_PATH, { withCredentials: true });
      source = stream;
      let dropped = false;
      stream.onopen = () => {
        setLiveConnected(true);
        // Back after a drop: what was read meanwhile (elsewhere) is not replayed, so open lists are read again.
        if (dropped) void queryClient.invalidateQueries({ queryKey: notificationKeys.lists(userId) });
      };
      stream.onerror = () => {
        dropped = true;
        setLiveConnected(false);
        if (stream.readyState === EventSource.CLOSED && !stopped) {
          stream.close();
          retry = setTimeout(connect, LIVE_RETRY_AFTER_CLOSE_MS);
        }
      };
      stream.addEventListener(LIVE_EVENT.count, (event) => {
        const body = parse<{ count?: unknown }>((event as MessageEvent<string>).data);
        if (typeof body?.count === 'number') void applyCount(queryClient, userId, body.count);
      });
      stream.addEventListener(LIVE_EVENT.notification, (event) => {
        const notification = parse<Notification>((event as MessageEvent<string>).data);
        if (!notification || typeof notification.id !== 'string') return;
        applyNotification(queryClient, userId, notification);
        // What the notification says changed is read again at once, and once more a moment later: the member's
        // record is kept by another service from the same event, which may land just after the notification.
        void refreshOnNotification(queryClient, userId, notification, elsewhere);
        setTimeout(() => void refreshOnNotification(queryClient, userId, notification, elsewhere), LIVE_REFRESH_AGAIN_MS);
        // "You're up" is worth interrupting for: the hold runs from now, whatever screen is open.
        if (QUEUE_NOTIFICATIONS.has(notification.type)) {
          toast({
            title: notification.title,
            description: notificationMessage(notification),
            variant: notification.type === 'you_are_up' ? 'success' : 'default',
          });
        }
        publishLiveNotification(notification);
      });
    };
    connect();
    // A page the browser kept and shows again (Back after a full page load) may be far behind: everything on
    // screen is read again, and the stream, closed while the page was away, reopens.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      void queryClient.invalidateQueries();
      if (source?.readyState === EventSource.CLOSED) connect();
    };
    window.addEventListener('pageshow', onPageShow);

    return () => {
      window.removeEventListener('pageshow', onPageShow);
      stopped = true;
      clearTimeout(retry);
      source?.close();
      setLiveConnected(false);
    };
  }, [queryClient, userId, elsewhere]);
}
