import { useState } from 'react';
import { FALLBACK_POSITION } from '../../lib/geo';
import { RadiusPicker, useSearchedRadius } from '../../features/items/components/radius-picker';
import { useLocationOnOpen } from '../../lib/location/location-provider';
import { WantedNearby } from '../../features/saved-searches/components/wanted-nearby';
import { ReportButton } from '../../features/reports/components/report-button';

const WANTED_DEFAULT_RADIUS = 5;

/** "Wanted nearby": what neighbours are looking for around here (their wanted posts, at rough spots). */
export default function WantedRoute() {
  const { position } = useLocationOnOpen();
  const [radius, setRadius] = useState(WANTED_DEFAULT_RADIUS);
  const searched = useSearchedRadius(radius);
  return (
    <div className="space-y-3">
      <header>
        <h1 className="text-2xl font-bold">Wanted nearby</h1>
        <p className="text-sm text-slate-600">What neighbours within {searched} mi are looking for. Got one of these? Post it: they're alerted first.</p>
      </header>
      <RadiusPicker value={radius} onChange={setRadius} />
      {!position && <p className="text-xs text-slate-600">Looking around the centre of the US until your location is known.</p>}
      <WantedNearby
        position={position ?? FALLBACK_POSITION}
        radius={searched}
        reportAction={(post) => (
          <ReportButton
            target={{ kind: 'wanted', wantedId: post.id, authorName: post.member.publicName }}
            className="-my-1 grid size-11 shrink-0 place-items-center rounded text-slate-500 hover:bg-slate-100"
            iconClassName="size-4"
          />
        )}
      />
    </div>
  );
}
