import type { Position } from '@curbside/contracts';

export { distanceMiles } from '@curbside/contracts/client';

export function formatMiles(miles: number): string {
  if (miles < 0.1) return '< 0.1 mi';
  return `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi`;
}

/** Where the map centres when the device position is unknown: the middle of the contiguous US. */
export const FALLBACK_POSITION: Position = { lat: 39.83, lng: -98.58 };
