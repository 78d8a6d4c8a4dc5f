import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Offline, the service worker (public/sw.js) answers with the last feed it kept: the member is told that what they
 * see may be old and that actions wait for the network. The feed is all it keeps: other screens say only that.
 */
export function OfflineNote() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  const onFeed = useLocation().pathname === '/';
  if (online) return null;
  return (
    <p role="status" className="mb-3 flex items-center gap-2 rounded-xl bg-slate-800 px-3 py-2 text-sm text-white">
      <WifiOff className="size-4 shrink-0" aria-hidden />{' '}
      {onFeed ? "You're offline: showing the last feed Curbside loaded." : "You're offline: this needs the network, try again when you're back."}
    </p>
  );
}
