/** Every browser storage key the app uses, in one place (accounts spec §3). */
export const STORAGE_KEYS = {
  userId: 'userId',
  locationPermitted: 'locationPermitted',
  onboardingCompleted: 'onboardingCompleted',
  homeRadius: 'homeRadius',
  acceptedTerms: 'acceptedSafetyTerms',
  tutorialDismissed: 'tutorialDismissed',
  tutorialCompleted: 'tutorialCompleted',
  lastBadgeCelebration: 'lastBadgeCelebrationAt',
  installOffered: 'installOffered',
  chosenPlace: 'chosenPlace',
  /** The id the server gave this browser's push subscription (settings/lib/push-device.ts). */
  pushSubscriptionId: 'curbside-push-subscription',
} as const;

type Key = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Storage can throw (private mode, quota): the app keeps working without it.
export const storage = {
  get(key: Key): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: Key, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      /* not persisted */
    }
  },
  remove(key: Key): void {
    try {
      localStorage.removeItem(key);
    } catch {
      /* nothing to remove */
    }
  },
};
