import type { Position } from '@curbside/contracts';
import { NOT_SUPPORTED } from './location-provider';

/** Posting wants a fresh, precise fix: high accuracy, 10 s timeout, cached up to 5 minutes (spec §9). */
export const POSTING_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 };

export function currentPosition(options: PositionOptions = POSTING_OPTIONS): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error(NOT_SUPPORTED));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lng: p.coords.longitude }),
      (error) => reject(new Error(error.message || 'Unable to get your location')),
      options,
    );
  });
}
