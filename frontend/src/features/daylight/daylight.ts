import type { Position } from '@curbside/contracts';
import SunCalc from 'suncalc';

export interface Daylight {
  sunrise: Date | null;
  sunset: Date | null;
  isDaytime: boolean;
}

/**
 * Sunrise and sunset computed locally from the position (docs/product-rules.md: no third-party call). Near the poles, where
 * the sun may not rise or set, the sun's altitude decides.
 */
export function daylightAt(position: Position, now: Date = new Date()): Daylight {
  if (!Number.isFinite(position.lat) || !Number.isFinite(position.lng)) throw new Error('Sunrise and sunset need a valid position');
  const times = SunCalc.getTimes(now, position.lat, position.lng);
  const valid = (d: Date) => !Number.isNaN(d.getTime());
  if (valid(times.sunrise) && valid(times.sunset)) {
    return { sunrise: times.sunrise, sunset: times.sunset, isDaytime: now >= times.sunrise && now < times.sunset };
  }
  const altitude = SunCalc.getPosition(now, position.lat, position.lng).altitude;
  return { sunrise: null, sunset: null, isDaytime: altitude > 0 };
}
