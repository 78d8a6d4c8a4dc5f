import { Heart } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { CardSkeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { FALLBACK_POSITION } from '../../lib/geo';
import { STORAGE_KEYS, storage } from '../../lib/storage';
import { FeedEmptyState, emptyKind } from '../../features/feed/components/feed-empty-state';
import { PointsBanner } from '../../features/feed/components/points-banner';
import { useFeed } from '../../features/items/api/get-items';
import { useReportAlertPosition } from '../../features/notifications/api/report-position';
import { InfiniteSentinel } from '../../features/items/components/infinite-sentinel';
import { ItemCardWithActions } from '../items/item-card-with-actions';
import { RadiusPicker, useSearchedRadius } from '../../features/items/components/radius-picker';
import { effectiveRadius } from '../../lib/plans/plans';
import { MAX_RADIUS, SEARCH_RADII } from '../../lib/items/item-rules';
import { LocationBanner } from '../../features/location/components/location-banner';
import { useLocation } from '../../lib/location/location-provider';
import { usePostSheet } from '../../features/posting/post-sheet-provider';
import { TopFinds } from '../items/top-finds';
import { useSession } from '../../lib/session/session-provider';
import { useErrorToast } from '../../components/ui/toast-store';
import { RecentlyConfirmedToggle } from '../../features/items/components/recently-confirmed-toggle';

type Tab = 'fresh' | 'top' | 'shop';
const HOME_DEFAULT_RADIUS = 5;

function storedRadius(): number {
  const value = Number(storage.get(STORAGE_KEYS.homeRadius));
  return (SEARCH_RADII as readonly number[]).includes(value) ? value : HOME_DEFAULT_RADIUS;
}

function FreshFinds() {
  const { searchPosition, status: locationStatus } = useLocation();
  // Without the device position or a chosen place (refused or failing), the feed shows the fallback area, as the map does.
  const onFallback = !searchPosition && locationStatus === 'error';
  const position = searchPosition ?? (onFallback ? FALLBACK_POSITION : null);
  const { user } = useSession();
  const { openPostSheet } = usePostSheet();
  const [radius, setRadiusState] = useState(storedRadius);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [recentOnly, setRecentOnly] = useState(false);
  const feed = useFeed(position, radius, recentOnly);
  // The server holds the radius to the member's plan; say what it really searches.
  const searched = useSearchedRadius(radius);
  const planMax = effectiveRadius(MAX_RADIUS, user?.subscriptionTier);
  useReportAlertPosition(user?.id ?? null, searchPosition);

  const setRadius = (value: number) => {
    setRadiusState(value);
    storage.set(STORAGE_KEYS.homeRadius, String(value));
  };

  useErrorToast(feed.error, 'Failed to fetch items');

  const items = feed.data ?? [];
  return (
    <div className="space-y-3">
      <LocationBanner radius={searched} onChangeRadius={() => setPickerOpen((o) => !o)} />
      {onFallback && (
        <p className="rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-700">
          Showing items around the centre of the US until your location is known. Try again above, choose a place, or allow location in your browser settings.
        </p>
      )}
      <PointsBanner />
      {pickerOpen && (
        <section aria-label="Choose search radius" className="space-y-2 rounded-2xl bg-white p-3 shadow-sm">
          <h2 className="text-sm font-semibold">Search radius</h2>
          <RadiusPicker
            value={radius}
            onChange={(r) => {
              setRadius(r);
              setPickerOpen(false);
            }}
          />
        </section>
      )}
      <RecentlyConfirmedToggle checked={recentOnly} onChange={setRecentOnly} />
      {position && feed.isPending && (
        <div className="space-y-3" aria-busy="true" aria-label="Loading items">
          <CardSkeleton />
          <CardSkeleton />
        </div>
      )}
      {position && feed.isSuccess && items.length === 0 && (
        <FeedEmptyState
          kind={emptyKind(searched, !!user && user.points === 0)}
          radius={searched}
          maxRadius={planMax}
          onExpand={setRadius}
          onPost={openPostSheet}
        />
      )}
      {items.length > 0 && (
        <ul className="space-y-4" aria-label="Items near you">
          {items.map((item, index) => (
            <li key={item.id}>
              <ItemCardWithActions item={item} position={position} priority={index === 0} />
            </li>
          ))}
        </ul>
      )}
      <InfiniteSentinel hasMore={!!feed.hasNextPage} loading={feed.isFetchingNextPage} onMore={() => void feed.fetchNextPage()} />
      <CommunityCard />
    </div>
  );
}

function CommunityCard() {
  return (
    <aside className="rounded-2xl bg-emerald-50 p-4 text-sm text-emerald-950">
      <p className="flex items-center gap-2 font-semibold">
        <Heart className="size-4" aria-hidden /> Keeping good stuff out of landfill, together
      </p>
      <p className="mt-1">Post what you leave at the curb, claim what you need, and vote for the best finds. Hosting a sale?</p>
      <Link to="/post-garage-sale" className="mt-2 inline-block font-semibold text-emerald-800 underline">
        Post a garage sale
      </Link>
    </aside>
  );
}

function ShopTab() {
  return (
    <div className="rounded-2xl bg-white p-4 text-center">
      <h2 className="text-lg font-semibold">Rewards Shop</h2>
      <p className="mt-1 text-sm text-slate-600">Redeem your points for perks, merch and donations.</p>
      <Link to="/shop" className="mt-3 inline-flex min-h-11 items-center rounded-xl bg-emerald-700 px-4 text-sm font-semibold text-white">
        Open the Points Shop
      </Link>
    </div>
  );
}

export default function HomeRoute() {
  const { user } = useSession();
  const [tab, setTab] = useState<Tab>('fresh');
  const baseId = useId();
  const tabs: Array<{ id: Tab; label: string }> = [
    { id: 'fresh', label: user?.scoutMode ? 'Scout Finds' : 'Fresh Finds' },
    { id: 'top', label: 'Top Finds Today' },
    { id: 'shop', label: 'Rewards Shop' },
  ];
  return (
    <div className="space-y-3">
      <h1 className="sr-only">Curbside finds near you</h1>
      <div role="tablist" aria-label="Feed" className="grid grid-cols-3 gap-1 rounded-xl bg-white p-1 shadow-sm">
        {tabs.map((t) => (
          <button
            key={t.id}
            id={`${baseId}-${t.id}-tab`}
            role="tab"
            type="button"
            aria-selected={tab === t.id}
            aria-controls={`${baseId}-${t.id}-panel`}
            onClick={() => setTab(t.id)}
            className={cn('min-h-11 rounded-lg px-1 text-sm font-semibold', tab === t.id ? 'bg-emerald-700 text-white' : 'text-slate-700 hover:bg-slate-100')}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-${tab}-panel`} aria-labelledby={`${baseId}-${tab}-tab`}>
        {tab === 'fresh' && <FreshFinds />}
        {tab === 'top' && <TopFinds />}
        {tab === 'shop' && <ShopTab />}
      </div>
    </div>
  );
}
