import { useEffect, useRef, useState } from 'react';
import { assessMotion, shouldTake, type Fix, type Motion } from './motion';

/** Watches the position while the map is open and tells whether the user seems to be driving. */
export function useDriving(): Motion | null {
  const [motion, setMotion] = useState<Motion | null>(null);
  const last = useRef<Fix | null>(null);
  useEffect(() => {
    if (!('geolocation' in navigator) || typeof navigator.geolocation.watchPosition !== 'function') return;
    const id = navigator.geolocation.watchPosition(
      (p) => {
        const fix: Fix = { lat: p.coords.latitude, lng: p.coords.longitude, speed: p.coords.speed, accuracy: p.coords.accuracy, timestamp: p.timestamp };
        if (!shouldTake(last.current, fix)) return;
        setMotion(assessMotion(last.current, fix));
        last.current = fix;
      },
      () => undefined,
      { enableHighAccuracy: true, maximumAge: 0, timeout: 15_000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, []);
  return motion;
}
