import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { useNotifications } from '../api/get-notifications';
import { onLiveNotification, useLiveConnected } from '../../../lib/notifications/live-status';
import { celebrationFor, type Celebration } from '../../../lib/notifications/notification-data';

const BadgeCelebration = lazy(() => import('./badge-celebration'));

/** Spec §7: without the live stream, the home screen looks for new badges every 2 s. */
export const HOME_BADGE_POLL_MS = 2_000;

/**
 * Watches for "Badge Earned" notifications (live from the stream, or by the home screen's poll when the stream is
 * down) and shows the celebration once per notification: the last one shown is remembered across reloads.
 */
export function BadgeCelebrationWatcher({ userId }: { userId: string }) {
  const live = useLiveConnected();
  const onHome = useLocation().pathname === '/';
  const [celebration, setCelebration] = useState<Celebration | null>(null);

  const consider = useCallback((candidates: Parameters<typeof celebrationFor>[0]) => {
    const next = celebrationFor(candidates, storage.get(STORAGE_KEYS.lastBadgeCelebration));
    if (!next) return;
    storage.set(STORAGE_KEYS.lastBadgeCelebration, next.createdAt);
    setCelebration(next);
  }, []);

  useEffect(() => onLiveNotification((notification) => consider([notification])), [consider]);

  const polled = useNotifications(!live && onHome ? userId : null, false, HOME_BADGE_POLL_MS);
  useEffect(() => {
    if (polled.data) consider(polled.data);
  }, [polled.data, consider]);

  // Stable, so the overlay's 5 s timer is not restarted by the watcher's own re-renders.
  const done = useCallback(() => setCelebration(null), []);

  if (!celebration) return null;
  return (
    <Suspense fallback={null}>
      <BadgeCelebration key={celebration.notificationId} celebration={celebration} onDone={done} />
    </Suspense>
  );
}
