import { useEffect, useState } from 'react';

/**
 * False in the first render and true once the browser has painted it: a part that is heavy to load (the map's
 * Leaflet) starts after the screen is on show instead of competing with it for the network and the main thread.
 * The timeout inside the frame callback runs after that frame's paint.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
