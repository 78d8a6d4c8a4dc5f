import type { Position } from '@curbside/contracts';
import { Loader2, MapPin, MapPinOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { currentPosition } from '../../../lib/location/current-position';

export type DevicePosition = { status: 'locating' } | { status: 'found'; position: Position } | { status: 'error'; message: string };

/** A fresh fix of the device for a post, asked when the sheet opens and again on Try Again. */
export function useDevicePosition() {
  const [state, setState] = useState<DevicePosition>({ status: 'locating' });
  const locate = () => {
    setState({ status: 'locating' });
    currentPosition().then(
      (position) => setState({ status: 'found', position }),
      (error: Error) => setState({ status: 'error', message: error.message }),
    );
  };
  useEffect(locate, []);
  return { state, position: state.status === 'found' ? state.position : null, locate };
}

/** Where the post will appear, or why it cannot yet, with Try Again. */
export function LocationStatus({ state, onRetry }: { state: DevicePosition; onRetry: () => void }) {
  return (
    <div
      data-testid="location-status"
      className={cn(
        'flex items-center gap-2 rounded-xl p-2 text-sm',
        state.status === 'found' ? 'bg-emerald-50 text-emerald-900' : state.status === 'error' ? 'bg-red-50 text-red-900' : 'bg-slate-100 text-slate-700',
      )}
    >
      {state.status === 'locating' && <Loader2 className="size-4 animate-spin" aria-hidden />}
      {state.status === 'found' && <MapPin className="size-4" aria-hidden />}
      {state.status === 'error' && <MapPinOff className="size-4" aria-hidden />}
      <span className="flex-1">
        {state.status === 'locating' && 'Getting your location...'}
        {state.status === 'found' && 'Location found: your post will appear near you.'}
        {state.status === 'error' && `Location Required: ${state.message}`}
      </span>
      {state.status === 'error' && (
        <Button variant="secondary" onClick={onRetry}>
          Try Again
        </Button>
      )}
    </div>
  );
}
