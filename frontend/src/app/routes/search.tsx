import { Filter, Megaphone, Search as SearchIcon, X } from 'lucide-react';
import { Link } from 'react-router';
import { useDeferredValue, useState } from 'react';
import { Button } from '../../components/ui/button';
import { inputClass } from '../../components/ui/field';
import { CardSkeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { FALLBACK_POSITION } from '../../lib/geo';
import { useNearbyItems } from '../../features/items/api/get-items';
import { ItemCardWithActions } from '../items/item-card-with-actions';
import { RadiusPicker, useSearchedRadius } from '../../features/items/components/radius-picker';
import { ITEM_FORM_CATEGORIES, MAX_RADIUS } from '../../lib/items/item-rules';
import { useLocationOnOpen } from '../../lib/location/location-provider';
import { useErrorToast } from '../../components/ui/toast-store';
import { SaveSearchButton } from '../../features/saved-searches/components/save-search-button';
import { SearchEmptyState } from '../../features/feed/components/search-empty-state';
import { effectiveRadius } from '../../lib/plans/plans';
import { isSavableSearch } from '../../lib/saved-search-text';
import { useSession } from '../../lib/session/session-provider';

const SEARCH_DEFAULT_RADIUS = 10;

export default function SearchRoute() {
  const { searchPosition: position } = useLocationOnOpen();
  const { user } = useSession();
  const [text, setText] = useState('');
  const [showFilters, setShowFilters] = useState(false);
  const [category, setCategory] = useState<string | null>(null);
  const [radius, setRadius] = useState(SEARCH_DEFAULT_RADIUS);
  const searched = useSearchedRadius(radius);
  const q = useDeferredValue(text.trim());
  const items = useNearbyItems(position ?? FALLBACK_POSITION, radius, { q, category: category ?? undefined });

  useErrorToast(items.error, 'Failed to fetch items');

  const results = items.data ?? [];

  const filtered = !!text || !!category || radius !== SEARCH_DEFAULT_RADIUS;
  const clear = () => {
    setText('');
    setCategory(null);
    setRadius(SEARCH_DEFAULT_RADIUS);
  };

  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-xl font-bold">Search</h1>
        <Link to="/wanted" className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-emerald-800">
          <Megaphone className="size-4" aria-hidden /> Wanted nearby
        </Link>
      </div>
      <div className="flex gap-2">
        <div className="relative flex-1">
          <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
          <label htmlFor="search-text" className="sr-only">
            Search items
          </label>
          <input
            id="search-text"
            type="search"
            className={cn(inputClass, 'pl-9')}
            placeholder="Search items..."
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <Button variant={showFilters ? 'primary' : 'secondary'} aria-pressed={showFilters} aria-label="Filters" onClick={() => setShowFilters((s) => !s)}>
          <Filter className="size-4" aria-hidden />
        </Button>
      </div>
      {showFilters && (
        <section aria-label="Filters" className="space-y-3 rounded-2xl bg-white p-3 shadow-sm">
          <div role="group" aria-label="Category" className="flex flex-wrap gap-2">
            {ITEM_FORM_CATEGORIES.map((c) => (
              <button
                key={c}
                type="button"
                aria-pressed={category === c}
                onClick={() => setCategory(category === c ? null : c)}
                className={cn(
                  'min-h-9 rounded-full border px-3 text-sm',
                  category === c ? 'border-emerald-700 bg-emerald-700 text-white' : 'border-slate-300 bg-white text-slate-800',
                )}
              >
                {c}
              </button>
            ))}
          </div>
          <RadiusPicker value={radius} onChange={setRadius} />
        </section>
      )}
      <div className="flex items-center justify-between text-sm text-slate-700">
        <span role="status">{items.isPending ? 'Searching...' : `${results.length} ${results.length === 1 ? 'result' : 'results'} within ${searched} mi`}</span>
        {filtered && (
          <button type="button" onClick={clear} className="inline-flex min-h-11 items-center gap-1 font-semibold text-emerald-800">
            <X className="size-4" aria-hidden /> Clear filters
          </button>
        )}
      </div>
      <SaveSearchButton search={{ query: q, category: category ?? undefined, radius: searched, position: position ?? FALLBACK_POSITION }} />
      {!position && <p className="text-xs text-slate-600">Searching around the centre of the US until your location is known.</p>}
      {items.isPending ? (
        <CardSkeleton />
      ) : results.length === 0 && !items.isError ? (
        <SearchEmptyState
          query={q}
          category={category ?? undefined}
          radius={searched}
          maxRadius={effectiveRadius(MAX_RADIUS, user?.subscriptionTier)}
          canSave={!!user && isSavableSearch({ query: q, category })}
          onExpand={setRadius}
        />
      ) : (
        <ul className="space-y-4">
          {results.map((item) => (
            <li key={item.id}>
              <ItemCardWithActions item={item} position={position} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
