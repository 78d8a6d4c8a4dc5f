import { Loader2, MapPin, MapPinOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { plural } from '../../../lib/plural';
import { useLocation } from '../../../lib/location/location-provider';
import { PlacePicker } from './place-picker';

/**
 * The feed's location banner: location needed; an error with Try Again; a place chosen instead (ZIP code or city);
 * or the radius being searched around the member. Wherever the position is missing, a place can be chosen.
 */
export function LocationBanner({ radius, onChangeRadius }: { radius: number; onChangeRadius: () => void }) {
  const { status, error, request, place, choosePlace } = useLocation();
  const [picking, setPicking] = useState(false);
  const picker = picking && (
    <div className="rounded-xl bg-white p-3 shadow-sm">
      <PlacePicker onChosen={() => setPicking(false)} />
    </div>
  );

  if (status === 'granted') {
    return (
      <div className="flex items-center gap-2 rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        <MapPin className="size-4 shrink-0" aria-hidden />
        <span className="flex-1">Searching {plural(radius, 'mile')} around you</span>
        <button type="button" onClick={onChangeRadius} className="min-h-11 rounded-lg px-2 font-semibold text-emerald-800 underline-offset-2 hover:underline">
          Change
        </button>
      </div>
    );
  }
  if (place) {
    return (
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-x-2 rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="place-banner">
          <MapPin className="size-4 shrink-0" aria-hidden />
          <span className="min-w-0 flex-1">
            Searching {plural(radius, 'mile')} around <strong>{place.name}</strong>
          </span>
          <button type="button" onClick={onChangeRadius} className="min-h-11 rounded-lg px-2 font-semibold text-emerald-800 underline-offset-2 hover:underline">
            Change radius
          </button>
          <button
            type="button"
            onClick={() => setPicking((p) => !p)}
            aria-expanded={picking}
            className="min-h-11 rounded-lg px-2 font-semibold text-emerald-800 underline-offset-2 hover:underline"
          >
            Change place
          </button>
          <button
            type="button"
            onClick={() => {
              choosePlace(null);
              request();
            }}
            className="min-h-11 rounded-lg px-2 font-semibold text-emerald-800 underline-offset-2 hover:underline"
          >
            Use my location
          </button>
        </div>
        {picker}
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div className="space-y-2">
        <div role="alert" className="flex flex-wrap items-center gap-2 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-900">
          <MapPinOff className="size-4 shrink-0" aria-hidden />
          <span className="min-w-0 flex-1">
            Location Error: Unable to get your location...
            {error && <span className="block text-xs text-red-800">{error}</span>}
          </span>
          <Button variant="secondary" onClick={request}>
            Try Again
          </Button>
        </div>
        <div className="rounded-xl bg-white p-3 shadow-sm">
          <p className="mb-2 text-sm text-slate-700">Or choose a place to see items around it:</p>
          <PlacePicker />
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950">
        {status === 'pending' ? <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden /> : <MapPin className="size-4 shrink-0" aria-hidden />}
        <span className="min-w-0 flex-1">{status === 'pending' ? 'Finding your location...' : 'Location needed to show items near you'}</span>
        {status !== 'pending' && (
          <>
            <Button onClick={request}>Enable Location</Button>
            <Button variant="secondary" onClick={() => setPicking((p) => !p)} aria-expanded={picking}>
              Choose a place
            </Button>
          </>
        )}
      </div>
      {picker}
    </div>
  );
}
