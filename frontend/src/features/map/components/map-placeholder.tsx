const MAP_CANVAS = 'map-canvas h-72 w-full overflow-hidden rounded-2xl border border-slate-200 sm:h-96';

/** The map's box: the placeholder and the map are the same region, in the same room, so nothing moves when it arrives. */
export const MAP_REGION = { className: MAP_CANVAS, role: 'region', 'aria-label': 'Map of nearby items' } as const;

/** Stands where the map will be until the screen has painted. */
export function MapPlaceholder() {
  return <div {...MAP_REGION} aria-busy />;
}
