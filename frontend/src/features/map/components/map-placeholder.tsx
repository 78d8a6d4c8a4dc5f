import { Component, type ReactNode } from 'react';

const MAP_CANVAS = 'map-canvas h-72 w-full overflow-hidden rounded-2xl border border-slate-200 sm:h-96';

/** The map's box: the placeholder and the map are the same region, in the same room, so nothing moves when it arrives. */
export const MAP_REGION = { className: MAP_CANVAS, role: 'region', 'aria-label': 'Map of nearby items' } as const;

/** Stands where the map will be while Leaflet loads, or says that it could not load. */
export function MapPlaceholder({ failed = false }: { failed?: boolean }) {
  return (
    <div {...MAP_REGION} className={`${MAP_CANVAS} grid place-items-center`} aria-busy={!failed}>
      {failed && <p className="rounded-lg bg-white/95 px-3 py-2 text-sm text-slate-700 shadow">The map could not load. The list below still works.</p>}
    </div>
  );
}

/** If the map's code cannot be downloaded (offline, a new release), the screen stays up and says so in the map's place. */
export class MapLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? <MapPlaceholder failed /> : this.props.children;
  }
}
