import type { AreaImpact as AreaImpactData } from '@curbside/contracts';
import { Leaf, MapPinOff, Package, Scale } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { plural } from '../../../lib/plural';
import { useLocationOnOpen } from '../../../lib/location/location-provider';
import { useAreaImpact } from '../api/get-area-impact';
import { fairnessSentence, kg, percent } from '../lib/impact-format';
import { WeeksChart } from './weeks-chart';

const latitude = (value: number) => `${Math.abs(value)}°${value >= 0 ? 'N' : 'S'}`;
const longitude = (value: number) => `${Math.abs(value)}°${value >= 0 ? 'E' : 'W'}`;

/** "46°N–48°N, 124°W–122°W": the area as the answer gives it, never finer. */
export function areaName(area: AreaImpactData['area']): string {
  return `${latitude(area.south)}–${latitude(area.north)}, ${longitude(area.west)}–${longitude(area.east)}`;
}

function Card({ title, children, id }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-4 shadow-sm">
      <h2 id={id} className="text-base font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

function Tile({ icon: Icon, label, value }: { icon: typeof Leaf; label: string; value: string }) {
  return (
    <div className="rounded-2xl bg-white p-3 text-center shadow-sm">
      <Icon className="mx-auto size-5 text-emerald-700" aria-hidden />
      <p className="mt-1 text-xl font-extrabold text-slate-900">{value}</p>
      <p className="text-xs font-medium text-slate-700">{label}</p>
    </div>
  );
}

/** The community page's body: the caller's area, its totals, weeks, categories, fairness and the method. */
export function AreaImpact() {
  const { searchPosition: position, status, request } = useLocationOnOpen();
  const impact = useAreaImpact(position);

  if (status === 'error' && !position) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-2xl bg-white p-6 text-center">
        <MapPinOff className="size-10 text-slate-500" aria-hidden />
        <h2 className="text-lg font-semibold">Location Access Required</h2>
        <p className="text-sm text-slate-600">We need your location, or a place you choose, to show your area’s impact.</p>
        <Button variant="secondary" onClick={request}>
          Try Again
        </Button>
      </div>
    );
  }
  if (!position || impact.isPending) {
    return (
      <div className="space-y-3" aria-busy="true" aria-label="Loading your area’s impact">
        <div className="grid grid-cols-3 gap-2">
          <Skeleton className="h-24" corners="2xl" />
          <Skeleton className="h-24" corners="2xl" />
          <Skeleton className="h-24" corners="2xl" />
        </div>
        <Skeleton className="h-48 w-full" corners="2xl" />
        <Skeleton className="h-32 w-full" corners="2xl" />
      </div>
    );
  }
  if (impact.isError) {
    return (
      <div role="alert" className="rounded-2xl bg-white p-6 text-center shadow-sm">
        <p className="font-semibold">Could not load your area’s impact</p>
        <p className="mt-1 text-sm text-slate-600">{errorMessage(impact.error)}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void impact.refetch()}>
          Retry
        </Button>
      </div>
    );
  }

  const data = impact.data;
  const weeks = data.weeks.length;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700" data-testid="impact-area">
        Your area: {areaName(data.area)} · the last {weeks} weeks
      </p>
      {data.totals.pickups === 0 ? (
        <div className="rounded-2xl bg-white p-6 text-center shadow-sm" data-testid="impact-empty">
          <Leaf className="mx-auto size-10 text-emerald-700" aria-hidden />
          <h2 className="mt-2 text-lg font-semibold">No verified pickups here yet</h2>
          <p className="mt-1 text-sm text-slate-600">
            When neighbours pick up each other’s items with a checked photo, what they kept out of landfill adds up here.
          </p>
        </div>
      ) : (
        <>
          <div className="grid grid-cols-3 gap-2" data-testid="impact-totals">
            <Tile icon={Scale} label="kept out of landfill" value={kg(data.totals.kg)} />
            <Tile icon={Leaf} label="CO₂e saved" value={kg(data.totals.co2eKg)} />
            <Tile icon={Package} label={data.totals.pickups === 1 ? 'pickup' : 'pickups'} value={String(data.totals.pickups)} />
          </div>
          <Card id="impact-weeks" title="Week by week">
            <WeeksChart weeks={data.weeks} />
          </Card>
          <Card id="impact-categories" title="By category">
            <ul className="divide-y divide-slate-100" data-testid="impact-categories">
              {data.categories.map((c) => (
                <li key={c.category} className="flex items-baseline justify-between gap-2 py-2 text-sm">
                  <span className="font-semibold text-slate-900">{c.category}</span>
                  <span className="text-right text-slate-700">
                    {kg(c.kg)} · {plural(c.pickups, 'pickup')} · {kg(c.co2eKg)} CO₂e
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        </>
      )}
      <Card id="impact-fairness" title="Fairness">
        {data.fairness.topShare !== null && (
          <p className="text-3xl font-extrabold text-slate-900" data-testid="impact-fairness-share">
            {percent(data.fairness.topShare)}
          </p>
        )}
        <p className="text-sm text-slate-700" data-testid="impact-fairness">
          {fairnessSentence(data.fairness)}
        </p>
        <p className="mt-2 text-xs text-slate-600">
          The busiest tenth is the tenth of the neighbours who picked up the most (at least one). The lower the share, the more evenly the area’s finds go
          round; nobody may pick up more than 60 items in 28 days.
        </p>
      </Card>
      <Card id="impact-method" title="How we estimate">
        <p className="text-sm text-slate-700" data-testid="impact-method">
          These are estimates. Each pickup confirmed with a checked photo counts the average weight of its category (
          {Object.entries(data.method.weightsKg)
            .map(([category, weight]) => `${category} ${weight} kg`)
            .join(', ')}
          ), and every kilogram reused instead of thrown away saves {data.method.co2ePerKg} kg of CO₂e ({data.method.source}). A pickup of one’s own post,
          between two accounts of one device, by an account made after the post, or past three in 28 days between the same two neighbours does not count. Your
          area is a square of 2° (about 140 by 100 miles), and nobody in it is named.
        </p>
      </Card>
    </div>
  );
}
