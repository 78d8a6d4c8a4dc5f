import { vi } from 'vitest';

/** Gives jsdom a geolocation that answers with the position, or fails with the message. */
export function stubGeolocation(result: { lat: number; lng: number } | { error: string }) {
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    if ('error' in result) fail?.({ code: 1, message: result.error, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError);
    else ok({ coords: { latitude: result.lat, longitude: result.lng, accuracy: 10, speed: null }, timestamp: Date.now() } as GeolocationPosition);
  });
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition, watchPosition: vi.fn(() => 1), clearWatch: vi.fn() } });
  return getCurrentPosition;
}

export function removeGeolocation() {
  // jsdom has none by default; a previous test may have added one.
  delete (navigator as { geolocation?: Geolocation }).geolocation;
}
