import type { Position } from '@curbside/contracts';

/**
 * The arithmetic of a tiled web map (Web Mercator, 256-pixel tiles, as OpenStreetMap serves them): where a place
 * is at a zoom, which tiles cover a box, and how a view moves when it is dragged or zoomed about a point.
 */
export const TILE_SIZE = 256;
export const MIN_ZOOM = 3;
export const MAX_ZOOM = 18;
/** Web Mercator stops short of the poles. */
const MAX_LATITUDE = 85.0511287798;

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface MapView {
  center: Position;
  zoom: number;
}

export interface Tile {
  key: string;
  /** The tile's address on the server (x wrapped round the world). */
  x: number;
  y: number;
  z: number;
  /** Where its top-left corner goes in the box, in pixels. */
  left: number;
  top: number;
}

const worldSize = (zoom: number) => TILE_SIZE * 2 ** zoom;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export const clampZoom = (zoom: number) => clamp(Math.round(zoom), MIN_ZOOM, MAX_ZOOM);

/** A place's pixel in the whole world's map at this zoom (0,0 is the north-west corner). */
export function project({ lat, lng }: Position, zoom: number): Point {
  const size = worldSize(zoom);
  const sin = Math.sin((clamp(lat, -MAX_LATITUDE, MAX_LATITUDE) * Math.PI) / 180);
  return { x: ((lng + 180) / 360) * size, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size };
}

/** The place at a world pixel: latitude kept on the map, longitude wrapped into -180..180. */
export function unproject({ x, y }: Point, zoom: number): Position {
  const size = worldSize(zoom);
  const lng = (((((x / size) * 360 - 180) % 360) + 540) % 360) - 180;
  const n = Math.PI - (2 * Math.PI * clamp(y, 0, size)) / size;
  return { lat: (180 / Math.PI) * Math.atan(Math.sinh(n)), lng };
}

/** The world pixel at the box's top-left corner (whole pixels, so tiles meet without seams). */
export function topLeft(view: MapView, box: Size): Point {
  const c = project(view.center, view.zoom);
  return { x: Math.round(c.x - box.width / 2), y: Math.round(c.y - box.height / 2) };
}

/** Where a place appears in the box. */
export function toBox(position: Position, view: MapView, box: Size): Point {
  const p = project(position, view.zoom);
  const origin = topLeft(view, box);
  return { x: p.x - origin.x, y: p.y - origin.y };
}

/** The tiles that cover the box, rows north to south. */
export function tilesFor(view: MapView, box: Size): Tile[] {
  const origin = topLeft(view, box);
  const count = 2 ** view.zoom;
  const tiles: Tile[] = [];
  const firstY = Math.max(0, Math.floor(origin.y / TILE_SIZE));
  const lastY = Math.min(count - 1, Math.floor((origin.y + box.height - 1) / TILE_SIZE));
  for (let ty = firstY; ty <= lastY; ty++) {
    for (let tx = Math.floor(origin.x / TILE_SIZE); tx <= Math.floor((origin.x + box.width - 1) / TILE_SIZE); tx++) {
      const x = ((tx % count) + count) % count;
      tiles.push({ key: `${view.zoom}/${tx}/${ty}`, x, y: ty, z: view.zoom, left: tx * TILE_SIZE - origin.x, top: ty * TILE_SIZE - origin.y });
    }
  }
  return tiles;
}

/** A tile's address from a template with {s} (a/b/c, spread over the tiles), {z}, {x} and {y}. */
export function tileUrl(template: string, tile: Pick<Tile, 'x' | 'y' | 'z'>): string {
  return template
    .replace('{s}', 'abc'[(tile.x + tile.y) % 3])
    .replace('{z}', String(tile.z))
    .replace('{x}', String(tile.x))
    .replace('{y}', String(tile.y));
}

/** The view after the map was dragged by (dx, dy) pixels: what was under the finger stays under it. */
export function panBy(view: MapView, dx: number, dy: number): MapView {
  const c = project(view.center, view.zoom);
  return { ...view, center: unproject({ x: c.x - dx, y: c.y - dy }, view.zoom) };
}

/** The view at another zoom with the place at `point` (in the box) staying where it is. */
export function zoomAbout(view: MapView, box: Size, point: Point, zoom: number): MapView {
  const next = clampZoom(zoom);
  const origin = topLeft(view, box);
  const scale = 2 ** (next - view.zoom);
  const atPoint = { x: (origin.x + point.x) * scale, y: (origin.y + point.y) * scale };
  const center = { x: atPoint.x - point.x + box.width / 2, y: atPoint.y - point.y + box.height / 2 };
  return { center: unproject(center, next), zoom: next };
}
