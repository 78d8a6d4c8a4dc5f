import { Loader2, MapPin, MapPinOff } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useLocation } from '../location-provider';
import { plural } from '../../../lib/plural';

/** The feed's location banner: location needed; an error with Try Again; or the radius being searched. */
export function LocationBanner({ radius, onChangeRadius }: { radius: number; onChangeRadius: () => void }) {
  const { status, error, request } = useLocation();

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
  if (status === 'error') {
    return (
      <div role="alert" className="flex items-center gap-2 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-900">
        <MapPinOff className="size-4 shrink-0" aria-hidden />
        <span className="flex-1">
          Location Error: Unable to get your location...
          {error && <span className="block text-xs text-red-800">{error}</span>}
        </span>
        <Button variant="secondary" onClick={request}>
          Try Again
        </Button>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950">
      {status === 'pending' ? <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden /> : <MapPin className="size-4 shrink-0" aria-hidden />}
      <span className="flex-1">{status === 'pending' ? 'Finding your location...' : 'Location needed to show items near you'}</span>
      {status !== 'pending' && <Button onClick={request}>Enable Location</Button>}
    </div>
  );
}
