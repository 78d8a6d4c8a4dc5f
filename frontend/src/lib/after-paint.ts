import { useEffect, useState } from 'react';

/**
 * Runs `run` once the browser has painted the next frame (the timeout inside the frame callback runs after that
 * frame's paint), so that what the page shows now is laid out and on screen first. Returns a cancel function.
 */
function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * False in the first render and true once the browser has painted it: a part that is heavy to load (the map's
 * tiles) starts after the screen is on show instead of competing with it for the network and the main thread.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}
