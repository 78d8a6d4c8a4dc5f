import type { Place, Position } from '@curbside/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { STORAGE_KEYS, storage } from '../storage';

export type LocationStatus = 'idle' | 'pending' | 'granted' | 'error';

interface LocationState {
  status: LocationStatus;
  position: Position | null;
  accuracy: number | null;
  error: string | null;
  /** Asks the browser for the position (a user gesture, or at start when permission was already given). */
  request: () => void;
  /** A place the member chose instead of sharing their position (a ZIP code or city), kept in this browser. */
  place: Place | null;
  choosePlace: (place: Place | null) => void;
  /** Where feeds, the map and search look from: the device's position, else the chosen place. */
  searchPosition: Position | null;
}

function storedPlace(): Place | null {
  try {
    const value = JSON.parse(storage.get(STORAGE_KEYS.chosenPlace) ?? 'null') as Place | null;
    return value && typeof value.name === 'string' && Number.isFinite(value.lat) && Number.isFinite(value.lng) ? value : null;
  } catch {
    return null;
  }
}

/** What the browser says when the permission was refused before (no prompt shown, nothing asked). */
export const PERMISSION_REFUSED = 'Location permission was refused. Allow it in your browser settings, or choose a place.';

const LocationContext = createContext<LocationState | null>(null);

export const NOT_SUPPORTED = 'Geolocation is not supported by this browser.';

/** Feed and card area: low accuracy, 15 s timeout, a position up to a minute old is fine (spec §9). */
const FEED_OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 };

export function LocationProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<Pick<LocationState, 'status' | 'position' | 'accuracy' | 'error'>>({
    status: 'idle',
    position: null,
    accuracy: null,
    error: null,
  });
  const [place, setPlace] = useState<Place | null>(storedPlace);
  const choosePlace = useCallback((next: Place | null) => {
    if (next) storage.set(STORAGE_KEYS.chosenPlace, JSON.stringify(next));
    else storage.remove(STORAGE_KEYS.chosenPlace);
    setPlace(next);
  }, []);
  const inFlight = useRef(false);

  const request = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setState((s) => ({ ...s, status: 'error', error: NOT_SUPPORTED }));
      return;
    }
    if (inFlight.current) return;
    inFlight.current = true;
    setState((s) => ({ ...s, status: s.position ? s.status : 'pending', error: null }));
    navigator.geolocation.getCurrentPosition(
      (p) => {
        inFlight.current = false;
        storage.set(STORAGE_KEYS.locationPermitted, 'true');
        setState({ status: 'granted', position: { lat: p.coords.latitude, lng: p.coords.longitude }, accuracy: p.coords.accuracy, error: null });
      },
      (error) => {
        inFlight.current = false;
        setState((s) => ({ ...s, status: 'error', error: error.message || 'Unable to get your location' }));
      },
      FEED_OPTIONS,
    );
  }, []);

  // Ask at start only when it cannot prompt: the permission was already given (never a prompt on page load).
  useEffect(() => {
    if (!('geolocation' in navigator)) return;
    const permissions = navigator.permissions;
    if (permissions?.query) {
      permissions.query({ name: 'geolocation' }).then(
        (status) => {
          if (status.state === 'granted') request();
          // Refused before: the error state says so at once (with Try Again and a place to choose), not "needed".
          else if (status.state === 'denied') setState((s) => (s.status === 'idle' ? { ...s, status: 'error', error: PERMISSION_REFUSED } : s));
        },
        () => undefined,
      );
    } else if (storage.get(STORAGE_KEYS.locationPermitted) === 'true') {
      request();
    }
  }, [request]);

  const value = useMemo(() => ({ ...state, request, place, choosePlace, searchPosition: state.position ?? place }), [state, request, place, choosePlace]);
  return <LocationContext.Provider value={value}>{children}</LocationContext.Provider>;
}

export function useLocation(): LocationState {
  const ctx = useContext(LocationContext);
  if (!ctx) throw new Error('useLocation outside LocationProvider');
  return ctx;
}

/** For a screen that works from the position: asks for it when the screen opens, unless it is known or being asked. */
export function useLocationOnOpen(): LocationState {
  const location = useLocation();
  const { status, request } = location;
  useEffect(() => {
    if (status === 'idle') request();
  }, [status, request]);
  return location;
}

/** For tests: a fixed location. */
export function StaticLocationProvider({ value, children }: { value: Partial<LocationState>; children: ReactNode }) {
  const base = {
    status: 'granted' as const,
    position: null,
    accuracy: 10,
    error: null,
    request: () => undefined,
    place: null,
    choosePlace: () => undefined,
    ...value,
  };
  const full: LocationState = { ...base, searchPosition: value.searchPosition ?? base.position ?? base.place };
  return <LocationContext.Provider value={full}>{children}</LocationContext.Provider>;
}
