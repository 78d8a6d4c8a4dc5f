import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useFindPlaces } from '../api/find-places';
import { useLocation } from '../../../lib/location/location-provider';

/** Looks for a ZIP code or city (at least two characters, as the server asks) and offers what it finds. */
export function PlacePicker({ onChosen }: { onChosen?: () => void }) {
  const { choosePlace } = useLocation();
  const id = useId();
  const [text, setText] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const places = useFindPlaces(asked);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (q.length >= 2) setAsked(q);
  };

  return (
    <div className="space-y-2">
      <form onSubmit={submit} className="flex items-end gap-2" role="search" aria-label="Choose a place">
        <div className="min-w-0 flex-1 space-y-1">
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            ZIP code or city
          </label>
          <input
            id={id}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="e.g. 10001 or Portland, OR"
            autoComplete="postal-code"
            className={inputClass}
          />
        </div>
        <Button type="submit" disabled={text.trim().length < 2}>
          Find
        </Button>
      </form>
      {places.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(places.error)}
        </p>
      )}
      {places.isSuccess && places.data.length === 0 && (
        <p role="status" className="text-sm text-slate-700">
          No US ZIP code or city called "{asked}". Try a 5-digit ZIP code.
        </p>
      )}
      {places.isSuccess && places.data.length > 0 && (
        <ul aria-label="Places found" className="space-y-1">
          {places.data.map((place) => (
            <li key={`${place.name}-${place.lat}`}>
              <Button
                variant="secondary"
                className="w-full justify-start"
                onClick={() => {
                  choosePlace(place);
                  onChosen?.();
                }}
              >
                {place.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
