import { AreaImpact } from '../../features/impact/components/area-impact';

/** The community page (/impact): what the area's verified pickups kept out of landfill, and how fairly they went round. */
export default function ImpactRoute() {
  return (
    <div className="space-y-3">
      <header>
        <h1 className="text-2xl font-bold">Neighbourhood impact</h1>
        <p className="text-sm text-slate-600">What pickups around you kept out of landfill</p>
      </header>
      <AreaImpact />
    </div>
  );
}
