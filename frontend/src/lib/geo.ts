import type { Position } from '@curbside/contracts';

// Kept local (not imported as a value from the contracts) so the first screen does not carry the schema library.
const EARTH_RADIUS_MILES = 3959;

export function distanceMiles(a: Position, b: Position): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function formatMiles(miles: number): string {
  if (miles < 0.1) return '< 0.1 mi';
  return `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi`;
}

/** Where the map centres when the device position is unknown: the middle of the contiguous US. */
export const FALLBACK_POSITION: Position = { lat: 39.83, lng: -98.58 };
