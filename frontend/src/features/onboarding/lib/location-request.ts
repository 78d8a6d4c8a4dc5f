import type { Position } from '@curbside/contracts';
import type { ToastInput } from '../../../components/ui/toast-store';

/** Onboarding's position request (accounts spec §9): 15 s timeout, a fix up to 5 minutes old is fine. */
export const ONBOARDING_POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 };

export type LocationAnswer = { granted: true; position: Position } | { granted: false; code: number | 'unsupported' };

export function requestLocation(geolocation: Geolocation | undefined = navigator.geolocation): Promise<LocationAnswer> {
  return new Promise((resolve) => {
    if (!geolocation) {
      resolve({ granted: false, code: 'unsupported' });
      return;
    }
    geolocation.getCurrentPosition(
      (p) => resolve({ granted: true, position: { lat: p.coords.latitude, lng: p.coords.longitude } }),
      (error) => resolve({ granted: false, code: error.code }),
      ONBOARDING_POSITION_OPTIONS,
    );
  });
}

/** The toast for each answer (accounts spec §8, Location); onboarding moves on either way. */
export function locationToast(answer: LocationAnswer): ToastInput {
  if (answer.granted) return { title: 'Location access granted', description: "You'll see items near you!", variant: 'success' };
  switch (answer.code) {
    case 'unsupported':
      return {
        title: 'Location not supported',
        description: 'This browser cannot share your location. You can still browse items near a place you choose.',
        variant: 'destructive',
      };
    case 1:
      return {
        title: 'Location access denied',
        description: 'You denied location access. You can allow it later in your browser settings.',
        variant: 'destructive',
      };
    case 2:
      return { title: 'Location access denied', description: 'Your location is unavailable. Please check your device settings.', variant: 'destructive' };
    case 3:
      return { title: 'Location access denied', description: 'Finding your location timed out. You can try again later.', variant: 'destructive' };
    default:
      return { title: 'Location access denied', description: 'You can still browse, with limited location features.', variant: 'destructive' };
  }
}
