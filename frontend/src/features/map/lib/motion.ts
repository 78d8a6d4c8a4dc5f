import { distanceMiles } from '../../../lib/geo';

export interface Fix {
  lat: number;
  lng: number;
  /** m/s from the device, when it reports one */
  speed: number | null;
  /** metres */
  accuracy: number;
  timestamp: number;
}

export interface Motion {
  speedKmh: number;
  confidence: number;
  moving: boolean;
  driving: boolean;
}

export const MIN_INTERVAL_MS = 2000;
const KMH_PER_MPS = 3.6;
const KM_PER_MILE = 1.609344;

/** How much a fix can be trusted, from its accuracy radius. */
export function confidenceOf(accuracy: number): number {
  if (accuracy <= 20) return 0.9;
  if (accuracy <= 50) return 0.7;
  if (accuracy <= 100) return 0.5;
  return 0.2;
}

/** Updates closer than 2 s to the previous one are ignored: they say nothing reliable about speed. */
export function shouldTake(previous: Fix | null, next: Fix): boolean {
  return !previous || next.timestamp - previous.timestamp > MIN_INTERVAL_MS;
}

/** Motion over 5 km/h; driving over 10 km/h with confidence at least 0.5. */
export function assessMotion(previous: Fix | null, next: Fix): Motion {
  let speedKmh: number;
  if (next.speed !== null && Number.isFinite(next.speed)) speedKmh = next.speed * KMH_PER_MPS;
  else if (previous) {
    const hours = (next.timestamp - previous.timestamp) / 3_600_000;
    speedKmh = hours > 0 ? (distanceMiles(previous, next) * KM_PER_MILE) / hours : 0;
  } else speedKmh = 0;
  const confidence = Math.min(confidenceOf(next.accuracy), previous ? confidenceOf(previous.accuracy) : 1);
  return { speedKmh, confidence, moving: speedKmh > 5, driving: speedKmh > 10 && confidence >= 0.5 };
}
