import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, storage } from './storage';

/** Chromium's install event (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  /** The browser would install the app now. */
  available: boolean;
  /** The "Install Curbside" offer is on screen. */
  offered: boolean;
}

let deferred: BeforeInstallPromptEvent | null = null;
let state: InstallState = { available: false, offered: false };
const listeners = new Set<() => void>();

function set(next: Partial<InstallState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/**
 * Keeps the browser's install prompt instead of letting it show on load: a first visitor has not seen what the app
 * is for yet. The offer comes after their first post or claim (offerInstall), or from the profile page.
 */
export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    set({ available: true });
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    set({ available: false, offered: false });
  });
}

/** After a first post or claim: offers to install once per browser, and only when the browser can install. */
export function offerInstall(): void {
  if (!deferred || state.offered || storage.get(STORAGE_KEYS.installOffered)) return;
  storage.set(STORAGE_KEYS.installOffered, 'true');
  set({ offered: true });
}

export function dismissInstallOffer(): void {
  set({ offered: false });
}

/** Shows the browser's install dialog; the event can be used once, so the offer goes whatever the answer. */
export async function installApp(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  set({ available: false, offered: false });
  await event.prompt();
  return (await event.userChoice).outcome;
}

export function useInstallPrompt(): InstallState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}

/** Tests only: forget the captured event and the offer. */
export function resetInstallPrompt(): void {
  deferred = null;
  state = { available: false, offered: false };
}
