import type { Place } from '@curbside/contracts';
import { PLACES_MAX } from '@curbside/contracts';

/** One ZIP code's centre as the data package ships it. */
export interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

interface CityEntry {
  city: string;
  state: string;
  lat: number;
  lng: number;
  zips: number;
}

/** Lower case, letters, digits and single spaces: "St. Louis" and "st louis" are one city. */
export function normalisePlaceText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Finds places in the ZIP code table: a 5-digit code gives its centre; a city ("Portland", "Portland, OR",
 * "portland oregon") gives the centre of its ZIP codes in each state that has one, the largest first, and failing an
 * exact name, the cities whose names start with the text.
 */
export class PlaceIndex {
  private readonly cities = new Map<string, CityEntry[]>();

  constructor(
    private readonly zips: Record<string, ZipRecord>,
    /** Full state names (upper case) to their two-letter codes. */
    private readonly stateCodes: Record<string, string>,
  ) {
    const sums = new Map<string, CityEntry>();
    for (const record of Object.values(zips)) {
      const key = `${normalisePlaceText(record.city)}|${record.state}`;
      const entry = sums.get(key) ?? { city: record.city, state: record.state, lat: 0, lng: 0, zips: 0 };
      entry.lat += record.latitude;
      entry.lng += record.longitude;
      entry.zips += 1;
      sums.set(key, entry);
    }
    for (const [key, entry] of sums) {
      const name = key.slice(0, key.indexOf('|'));
      const list = this.cities.get(name) ?? [];
      list.push({ ...entry, lat: entry.lat / entry.zips, lng: entry.lng / entry.zips });
      this.cities.set(name, list);
    }
    for (const list of this.cities.values()) list.sort((a, b) => b.zips - a.zips);
  }

  find(query: string): Place[] {
    const text = query.trim();
    if (/^\d{5}$/.test(text)) {
      const record = this.zips[text];
      return record ? [{ name: `${record.city}, ${record.state} ${record.zip}`, lat: record.latitude, lng: record.longitude }] : [];
    }
    const { city, state } = this.splitState(normalisePlaceText(text));
    if (!city) return [];
    let found = (this.cities.get(city) ?? []).filter((c) => !state || c.state === state);
    if (found.length === 0) {
      found = [...this.cities.entries()]
        .filter(([name]) => name.startsWith(city))
        .flatMap(([, list]) => list)
        .filter((c) => !state || c.state === state)
        .sort((a, b) => b.zips - a.zips);
    }
    return found.slice(0, PLACES_MAX).map((c) => ({ name: `${c.city}, ${c.state}`, lat: round(c.lat), lng: round(c.lng) }));
  }

  /** "portland or" → Portland in OR; "portland oregon" too; "portland" anywhere. */
  private splitState(text: string): { city: string; state: string | null } {
    const words = text.split(' ');
    for (let take = Math.min(3, words.length - 1); take >= 1; take--) {
      const tail = words.slice(-take).join(' ').toUpperCase();
      const code = take === 1 && tail.length === 2 && Object.values(this.stateCodes).includes(tail) ? tail : this.stateCodes[tail];
      if (code) return { city: words.slice(0, -take).join(' '), state: code };
    }
    return { city: text, state: null };
  }
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;
