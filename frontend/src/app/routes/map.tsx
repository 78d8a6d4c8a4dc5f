import { Car, Moon, ShieldAlert } from 'lucide-react';
import { memo, useCallback, useMemo, useState, type ComponentProps, type Dispatch, type SetStateAction } from 'react';
import { inputClass } from '../../components/ui/field';
import { useAfterFirstPaint } from '../../lib/after-paint';
import { cn } from '../../lib/cn';
import { FALLBACK_POSITION } from '../../lib/geo';
import { useDaylight } from '../../features/daylight/use-daylight';
import { useNearbyItems } from '../../features/items/api/get-items';
import { ItemCardWithActions } from '../items/item-card-with-actions';
import { ITEM_FORM_CATEGORIES, URGENCIES, type Urgency } from '../../lib/items/item-rules';
import { GARAGE_SALE_CATEGORIES } from '@curbside/contracts/client';
import { useLocationOnOpen } from '../../lib/location/location-provider';
import ItemsMap from '../../features/map/components/items-map';
import { MapPlaceholder } from '../../features/map/components/map-placeholder';
import { NearbyList } from '../../features/map/components/nearby-list';
import { filterMapItems, nightRestrict, type MapFilters } from '../../features/map/lib/map-filters';
import { useDriving } from '../../features/map/lib/use-driving';
import { useErrorToast } from '../../components/ui/toast-store';
import { RecentlyConfirmedToggle } from '../../features/items/components/recently-confirmed-toggle';

/**
 * The map (its tiles, pins and gestures) comes in once the screen has painted: the filters, the safety notes and
 * the list come first, and the tiles do not compete with the screen's own requests. The wait is this slot's own
 * state, so letting the map in re-renders the slot alone, not the whole screen.
 */
const MapSlot = memo(function MapSlot(props: ComponentProps<typeof ItemsMap>) {
  const painted = useAfterFirstPaint();
  return painted ? <ItemsMap {...props} /> : <MapPlaceholder />;
});

const MAP_RADIUS = 10;
const MAP_REFETCH_MS = 60_000;

/**
 * The mode, the text and the two pickers. Its own (memoised) component: the screen redraws as the position, the
 * answers and the daylight arrive, and these controls need not be built again each time.
 */
const MapFiltersBar = memo(function MapFiltersBar({ filters, onChange }: { filters: MapFilters; onChange: Dispatch<SetStateAction<MapFilters>> }) {
  const set = <K extends keyof MapFilters>(key: K, value: MapFilters[K]) => onChange((f) => ({ ...f, [key]: value }));
  // Each mode offers its own categories; a category the other mode does not have is dropped when switching.
  const categories: readonly string[] = filters.mode === 'items' ? ITEM_FORM_CATEGORIES : GARAGE_SALE_CATEGORIES;
  const setMode = (mode: MapFilters['mode']) =>
    onChange((f) => ({
      ...f,
      mode,
      category: (mode === 'items' ? (ITEM_FORM_CATEGORIES as readonly string[]) : GARAGE_SALE_CATEGORIES).includes(f.category) ? f.category : '',
    }));

  return (
    <>
      <div role="group" aria-label="Show" className="grid grid-cols-2 rounded-xl bg-white p-1 text-sm font-semibold shadow-sm">
        {(['items', 'garage-sales'] as const).map((mode) => (
          <button
            key={mode}
            type="button"
            aria-pressed={filters.mode === mode}
            onClick={() => setMode(mode)}
            className={cn('min-h-11 rounded-lg', filters.mode === mode ? 'bg-emerald-700 text-white' : 'text-slate-700')}
          >
            {mode === 'items' ? 'Items' : 'Garage Sales'}
          </button>
        ))}
      </div>
      <div className="grid grid-cols-2 gap-2">
        <label className="col-span-2">
          <span className="sr-only">Search the map</span>
          <input type="search" className={inputClass} placeholder="Search the map..." value={filters.text} onChange={(e) => set('text', e.target.value)} />
        </label>
        <label>
          <span className="sr-only">Category</span>
          <select className={inputClass} value={filters.category} onChange={(e) => set('category', e.target.value)}>
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <label>
          <span className="sr-only">Urgency</span>
          <select className={inputClass} value={filters.urgency} onChange={(e) => set('urgency', e.target.value as Urgency | '')}>
            <option value="">Any urgency</option>
            {URGENCIES.map((u) => (
              <option key={u}>{u}</option>
            ))}
          </select>
        </label>
      </div>
    </>
  );
});

export default function MapRoute() {
  const { searchPosition: position } = useLocationOnOpen();
  const center = position ?? FALLBACK_POSITION;
  const [filters, setFilters] = useState<MapFilters>({ mode: 'items', text: '', category: '', urgency: '' });
  const [recentOnly, setRecentOnly] = useState(false);
  const items = useNearbyItems(
    center,
    MAP_RADIUS,
    { kind: filters.mode === 'items' ? 'items' : 'garage_sales', recentlyConfirmed: recentOnly },
    MAP_REFETCH_MS,
  );
  const daylight = useDaylight(center);
  const motion = useDriving();
  const [selectedId, setSelectedId] = useState<string | null>(null);

  useErrorToast(items.error, 'Failed to fetch items');

  const visible = useMemo(() => nightRestrict(filterMapItems(items.data ?? [], filters), daylight.isDaytime), [items.data, filters, daylight.isDaytime]);
  const selected = visible.find((i) => i.id === selectedId) ?? null;
  const select = useCallback((id: string) => setSelectedId(id), []);

  return (
    <div className="space-y-3">
      <h1 className="sr-only">Map</h1>
      <MapFiltersBar filters={filters} onChange={setFilters} />
      <RecentlyConfirmedToggle checked={recentOnly} onChange={setRecentOnly} />

      {motion?.driving && (
        <div role="alert" className="flex items-center gap-2 rounded-xl bg-red-700 p-3 text-sm font-semibold text-white">
          <Car className="size-5 shrink-0" aria-hidden /> You appear to be driving. Please don't use Curbside while driving — pull over first.
        </div>
      )}
      {!daylight.isDaytime && (
        // A night-blue note in both themes: the dark theme turns the palette over (src/dark-theme.css), so there the
        // light shades are the dark ones.
        <div className="flex items-center gap-2 rounded-xl bg-indigo-950 p-3 text-sm text-indigo-50 dark:bg-indigo-50 dark:text-indigo-950">
          <Moon className="size-5 shrink-0" aria-hidden /> It's dark out: for your safety the map shows only paid pickups, or the first few entries, until
          sunrise.
        </div>
      )}
      <div className="flex items-center gap-2 rounded-xl bg-amber-50 p-2 text-xs text-amber-950">
        <ShieldAlert className="size-4 shrink-0" aria-hidden /> Pick up in daylight, in public view, and never while driving.
      </div>

      <MapSlot center={center} userPosition={position} items={visible} selectedId={selectedId} onSelect={select} />
      {!position && <p className="text-xs text-slate-600">Showing the centre of the US until your location is known.</p>}
      {selected && <ItemCardWithActions item={selected} position={position} />}
      <h2 className="text-base font-semibold">Nearby {filters.mode === 'items' ? 'items' : 'garage sales'}</h2>
      {items.isPending ? (
        <p className="text-sm text-slate-600">Loading...</p>
      ) : (
        <NearbyList items={visible} position={center} selectedId={selectedId} onSelect={select} />
      )}
    </div>
  );
}
