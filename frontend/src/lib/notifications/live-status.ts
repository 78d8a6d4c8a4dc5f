import type { Notification } from '@curbside/contracts';
import { useSyncExternalStore } from 'react';

/**
 * Whether the live stream is open right now (then nothing polls), and the notifications it delivers, for
 * whoever wants to react to them (the badge celebration). One stream per tab, so module state is enough.
 */
let connected = false;
const statusListeners = new Set<() => void>();
const notificationListeners = new Set<(notification: Notification) => void>();

export function setLiveConnected(value: boolean): void {
  if (connected === value) return;
  connected = value;
  for (const listener of statusListeners) listener();
}

export function isLiveConnected(): boolean {
  return connected;
}

export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => connected,
    () => false,
  );
}

export function publishLiveNotification(notification: Notification): void {
  for (const listener of notificationListeners) listener(notification);
}

export function onLiveNotification(listener: (notification: Notification) => void): () => void {
  notificationListeners.add(listener);
  return () => notificationListeners.delete(listener);
}
