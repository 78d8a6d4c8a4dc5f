/** Metro areas the clustered items gather around: centre, share of the clustered items, spread (1σ, miles). */
export interface Metro {
  name: string;
  lat: number;
  lng: number;
  weight: number;
  spreadMiles: number;
}

export const METROS: readonly Metro[] = [
  { name: 'New York', lat: 40.758, lng: -73.9855, weight: 18, spreadMiles: 4 },
  { name: 'Los Angeles', lat: 34.0522, lng: -118.2437, weight: 12, spreadMiles: 6 },
  { name: 'Chicago', lat: 41.8781, lng: -87.6298, weight: 8, spreadMiles: 5 },
  { name: 'Houston', lat: 29.7604, lng: -95.3698, weight: 6, spreadMiles: 6 },
  { name: 'Dallas', lat: 32.7767, lng: -96.797, weight: 6, spreadMiles: 6 },
  { name: 'Philadelphia', lat: 39.9526, lng: -75.1652, weight: 5, spreadMiles: 4 },
  { name: 'Washington', lat: 38.9072, lng: -77.0369, weight: 5, spreadMiles: 5 },
  { name: 'Atlanta', lat: 33.749, lng: -84.388, weight: 5, spreadMiles: 6 },
  { name: 'Miami', lat: 25.7617, lng: -80.1918, weight: 5, spreadMiles: 5 },
  { name: 'San Francisco', lat: 37.7749, lng: -122.4194, weight: 5, spreadMiles: 4 },
  { name: 'Phoenix', lat: 33.4484, lng: -112.074, weight: 4, spreadMiles: 6 },
  { name: 'Boston', lat: 42.3601, lng: -71.0589, weight: 4, spreadMiles: 4 },
  { name: 'Seattle', lat: 47.6062, lng: -122.3321, weight: 4, spreadMiles: 4 },
  { name: 'San Diego', lat: 32.7157, lng: -117.1611, weight: 3, spreadMiles: 5 },
  { name: 'San Antonio', lat: 29.4241, lng: -98.4936, weight: 3, spreadMiles: 5 },
  { name: 'Austin', lat: 30.2672, lng: -97.7431, weight: 3, spreadMiles: 4 },
  { name: 'Denver', lat: 39.7392, lng: -104.9903, weight: 3, spreadMiles: 4 },
  { name: 'Minneapolis', lat: 44.9778, lng: -93.265, weight: 3, spreadMiles: 5 },
  { name: 'Portland', lat: 45.5152, lng: -122.6784, weight: 3, spreadMiles: 4 },
  { name: 'Detroit', lat: 42.3314, lng: -83.0458, weight: 3, spreadMiles: 5 },
];

/** A coarse outline of the 48 contiguous states as [lng, lat] pairs (good to a few tens of miles). */
export const CONTINENTAL_US: readonly (readonly [number, number])[] = [
  [-124.7, 48.4], [-123.0, 49.0], [-95.2, 49.0], [-89.6, 48.0], [-84.8, 46.5], [-82.4, 43.0], [-79.0, 43.3],
  [-76.3, 44.2], [-74.7, 45.0], [-71.5, 45.0], [-69.2, 47.4], [-67.8, 47.1], [-67.0, 44.8], [-70.2, 43.6],
  [-70.6, 41.6], [-74.0, 40.5], [-75.0, 38.8], [-76.0, 36.9], [-75.5, 35.2], [-78.0, 33.8], [-81.0, 32.0],
  [-81.4, 30.3], [-80.0, 26.7], [-80.4, 25.2], [-81.8, 26.1], [-82.8, 27.9], [-84.3, 30.0], [-86.5, 30.4],
  [-89.6, 30.2], [-89.4, 29.0], [-91.5, 29.5], [-94.0, 29.7], [-95.0, 29.2], [-97.2, 27.7], [-97.2, 25.9],
  [-99.5, 27.5], [-101.4, 29.8], [-103.0, 29.0], [-104.6, 29.7], [-106.5, 31.8], [-108.2, 31.8], [-108.2, 31.3],
  [-111.1, 31.3], [-114.8, 32.5], [-117.1, 32.5], [-118.5, 34.0], [-120.6, 34.6], [-122.5, 37.5], [-123.8, 39.8],
  [-124.4, 42.0], [-124.0, 46.2],
];

export const CONTINENTAL_BOUNDS = { minLat: 24.5, maxLat: 49.5, minLng: -125, maxLng: -66.5 } as const;

/** Ray casting; the outline is closed implicitly. */
export function insidePolygon(lng: number, lat: number, polygon: readonly (readonly [number, number])[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i];
    const [xj, yj] = polygon[j];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export const MILES_PER_DEGREE_LAT = 69.05;
