import { STORAGE_KEYS, storage } from '../../../lib/storage';
import { createPushSubscription, deletePushSubscription, getPushPublicKey } from '../api/push-subscriptions';

/** Where this browser stands with pushes: not possible here, blocked in its settings, not asked yet, or allowed. */
export type PushPermission = 'unsupported' | 'denied' | 'default' | 'granted';

const KEPT = STORAGE_KEYS.pushSubscriptionId;

export function pushPermission(): PushPermission {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission;
}

/** Whether this browser is subscribed for the member (the id the server gave is kept here). */
export function deviceSubscribed(): boolean {
  return pushPermission() === 'granted' && storage.get(KEPT) !== null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Asks the browser for permission (only from a tap: the member turned pushes on), subscribes it with the server's
 * key and tells the server. Answers the permission it ended with; 'granted' means this browser now gets pushes.
 */
export async function subscribeThisDevice(): Promise<PushPermission> {
  if (pushPermission() === 'unsupported') return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const [registration, { publicKey }] = await Promise.all([navigator.serviceWorker.ready, getPushPublicKey()]);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = subscription.toJSON();
  const { id } = await createPushSubscription({
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  });
  storage.set(KEPT, id);
  return 'granted';
}

/** Stops pushes to this browser: the server forgets it, and the browser drops its subscription. */
export async function unsubscribeThisDevice(): Promise<void> {
  const id = storage.get(KEPT);
  storage.remove(KEPT);
  if (id) await deletePushSubscription(id).catch(() => undefined);
  if (pushPermission() !== 'unsupported') {
    const registration = await navigator.serviceWorker.getRegistration();
    await (await registration?.pushManager.getSubscription())?.unsubscribe();
  }
}
