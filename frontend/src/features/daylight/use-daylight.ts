import type { Position } from '@curbside/contracts';
import { useEffect, useMemo, useState } from 'react';
import { toast } from '../../components/ui/toast-store';
import { daylightAt, type Daylight } from './daylight';

const REFRESH_MS = 5 * 60_000;
/** When the sun cannot be computed the map errs on the side of showing everything. */
const UNKNOWN: Daylight = { sunrise: null, sunset: null, isDaytime: true };

/** Recomputed every 5 minutes, as the spec's daylight refresh. */
export function useDaylight(position: Position): Daylight {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const result = useMemo(() => {
    try {
      return { daylight: daylightAt(position, now), error: null };
    } catch (error) {
      return { daylight: UNKNOWN, error: error instanceof Error ? error.message : String(error) };
    }
  }, [position, now]);
  useEffect(() => {
    if (result.error) toast({ title: 'Failed to fetch daylight data', description: result.error, variant: 'destructive' });
  }, [result.error]);
  return result.daylight;
}
