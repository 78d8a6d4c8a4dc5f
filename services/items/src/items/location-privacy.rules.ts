import { createHash } from 'node:crypto';
import { EARTH_RADIUS_MILES, METERS_PER_MILE } from '@curbside/contracts';

const EARTH_RADIUS_M = EARTH_RADIUS_MILES * METERS_PER_MILE;
const MIN_OFFSET_M = 75;
const MAX_OFFSET_M = 150;

/**
 * Everyone but the poster and the neighbour holding the item sees it about 150 m off (DESIGN §3). The offset is
 * fixed per item (derived from its id), so averaging many looks at one item does not reveal the spot.
 */
export function blurredPosition(itemId: string, lat: number, lng: number): { lat: number; lng: number } {
  const digest = createHash('sha256').update(`curbside-blur:${itemId}`).digest();
  const angle = (digest.readUInt32BE(0) / 0xffffffff) * 2 * Math.PI;
  const distance = MIN_OFFSET_M + (digest.readUInt32BE(4) / 0xffffffff) * (MAX_OFFSET_M - MIN_OFFSET_M);
  const dLat = ((distance * Math.cos(angle)) / EARTH_RADIUS_M) * (180 / Math.PI);
  const dLng = ((distance * Math.sin(angle)) / (EARTH_RADIUS_M * Math.cos((lat * Math.PI) / 180))) * (180 / Math.PI);
  return { lat: Math.max(-90, Math.min(90, lat + dLat)), lng: ((lng + dLng + 540) % 360) - 180 };
}
