import type { Position } from '@curbside/contracts';
import { Minus, Plus } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { cn } from '../../../lib/cn';
import { plural } from '../../../lib/plural';
import { itemPosition, type FeedItem } from '../../../lib/items/item-rules';
import { clusterPins, zoomToOpen, type PinGroup, type PinPlace } from '../lib/cluster-pins';
import { pinColor } from '../lib/map-filters';
import { MAX_ZOOM, MIN_ZOOM, panBy, tilesFor, tileUrl, toBox, topLeft, unproject, zoomAbout, type MapView, type Point, type Size } from '../lib/web-mercator';
import { MAP_REGION } from './map-placeholder';

/** Tiles come from VITE_TILE_URL when set at build time, else OpenStreetMap (the gateway's CSP allows its a/b/c hosts). */
const TILE_URL: string = import.meta.env.VITE_TILE_URL || 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';

const START_ZOOM = 13;
/** How far an arrow key moves the map, in pixels. */
const KEY_PAN = 80;
/** A press that moves less than this is a tap (on a pin, say), not a drag. */
const DRAG_THRESHOLD = 4;
/** A wheel or trackpad sends many events for one gesture: one zoom step at most this often. */
const WHEEL_STEP_MS = 250;

interface ItemsMapProps {
  center: Position;
  userPosition: Position | null;
  items: FeedItem[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** A drag or pinch under way: the map is moved by a CSS transform until the fingers lift. */
interface Live {
  x: number;
  y: number;
  scale: number;
}

const midpoint = (points: Point[]): Point => ({
  x: points.reduce((s, p) => s + p.x, 0) / points.length,
  y: points.reduce((s, p) => s + p.y, 0) / points.length,
});
const spread = (points: Point[]): number => (points.length < 2 ? 1 : Math.hypot(points[0].x - points[1].x, points[0].y - points[1].y) || 1);

/** The transform that carries the fingers' first positions to where they are now (pan, and zoom for two). */
function liveTransform(from: Point[], to: Point[]): Live {
  const scale = spread(to) / spread(from);
  const a = midpoint(from);
  const b = midpoint(to);
  return { x: b.x - scale * a.x, y: b.y - scale * a.y, scale };
}

/** The view once a drag or pinch ends: the place now at the box's centre is the centre, at the nearest whole zoom. */
function settle(view: MapView, box: Size, live: Live): MapView {
  const origin = topLeft(view, box);
  const under = { x: (box.width / 2 - live.x) / live.scale, y: (box.height / 2 - live.y) / live.scale };
  const moved = { center: unproject({ x: origin.x + under.x, y: origin.y + under.y }, view.zoom), zoom: view.zoom };
  return zoomAbout(moved, box, { x: box.width / 2, y: box.height / 2 }, view.zoom + Math.log2(live.scale));
}

/**
 * The map of nearby items: OpenStreetMap tiles with a pin per item, moved by dragging (one finger or the mouse),
 * pinching, the wheel, a double click, the zoom buttons or the keyboard. When tiles cannot load (offline, blocked)
 * the pins stay usable on the plain background and a note says so.
 */
export default function ItemsMap({ center, userPosition, items, selectedId, onSelect }: ItemsMapProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<Size | null>(null);
  const [view, setView] = useState<MapView>({ center, zoom: START_ZOOM });
  const [followed, setFollowed] = useState(center);
  const [live, setLiveState] = useState<Live | null>(null);
  // Read by the pointer handlers, which may run before the last move has been drawn.
  const liveRef = useRef<Live | null>(null);
  const setLive = (next: Live | null) => {
    liveRef.current = next;
    setLiveState(next);
  };
  const [tilesFailed, setTilesFailed] = useState(false);
  const tileErrors = useRef(0);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{ from: Point[]; dragging: boolean } | null>(null);
  const hintId = useId();

  // A new centre (the position arriving) moves the map there; the zoom stays as the user left it.
  if (followed.lat !== center.lat || followed.lng !== center.lng) {
    setFollowed(center);
    setView((v) => ({ ...v, center }));
  }

  useEffect(() => {
    const element = boxRef.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setBox({ width: entry.contentRect.width, height: entry.contentRect.height }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The wheel zooms about the pointer; React's wheel handler is passive, so the page would scroll as well.
  useEffect(() => {
    const element = boxRef.current;
    if (!element || !box) return;
    let last = Number.NEGATIVE_INFINITY;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      if (event.deltaY === 0 || event.timeStamp - last < WHEEL_STEP_MS) return;
      last = event.timeStamp;
      const rect = element.getBoundingClientRect();
      const point = { x: event.clientX - rect.left, y: event.clientY - rect.top };
      setView((v) => zoomAbout(v, box, point, v.zoom + (event.deltaY < 0 ? 1 : -1)));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [box]);

  const local = (event: { clientX: number; clientY: number }): Point => {
    const rect = (boxRef.current as HTMLDivElement).getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  /** Ends the gesture under way (if it moved the map) and starts another from the fingers still down. */
  const restartGesture = () => {
    const moved = liveRef.current;
    if (box && moved) setView((v) => settle(v, box, moved));
    setLive(null);
    const down = [...pointers.current.values()];
    gesture.current = down.length ? { from: down, dragging: gesture.current?.dragging === true || down.length > 1 } : null;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    pointers.current.set(event.pointerId, local(event));
    restartGesture();
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = gesture.current;
    if (!current || !pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, local(event));
    const to = [...pointers.current.values()];
    const next = liveTransform(current.from, to);
    if (!current.dragging) {
      if (Math.hypot(next.x, next.y) < DRAG_THRESHOLD) return;
      current.dragging = true;
      // Captured only once it is a drag: a tap on a pin stays the pin's click.
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    setLive(next);
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    restartGesture();
  };

  const zoomTo = (zoom: number, point?: Point) => {
    if (!box) return;
    setView((v) => zoomAbout(v, box, point ?? { x: box.width / 2, y: box.height / 2 }, zoom));
  };

  const onDoubleClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button, a')) return;
    zoomTo(view.zoom + 1, local(event));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const moves: Record<string, [number, number]> = { ArrowLeft: [KEY_PAN, 0], ArrowRight: [-KEY_PAN, 0], ArrowUp: [0, KEY_PAN], ArrowDown: [0, -KEY_PAN] };
    if (moves[event.key]) setView((v) => panBy(v, ...moves[event.key]));
    else if (event.key === '+' || event.key === '=') zoomTo(view.zoom + 1);
    else if (event.key === '-' || event.key === '_') zoomTo(view.zoom - 1);
    else return;
    event.preventDefault();
  };

  // Pins that would cover each other at this zoom are one numbered group; a tap on it zooms in until it opens.
  const places = useMemo<PinPlace<FeedItem>[]>(() => items.map((item) => ({ value: item, position: itemPosition(item) })), [items]);
  const groups = useMemo(() => clusterPins(places, view.zoom, { keepApart: (item) => item.id === selectedId }), [places, view.zoom, selectedId]);
  const openGroup = (group: PinGroup<FeedItem>) => {
    const ids = new Set(group.members.map((item) => item.id));
    setView({
      center: group.position,
      zoom: zoomToOpen(
        places.filter((place) => ids.has(place.value.id)),
        view.zoom,
      ),
    });
  };

  const selected = items.find((item) => item.id === selectedId);
  const at = (position: Position) => (box ? toBox(position, view, box) : { x: 0, y: 0 });
  const selectedAt = selected && at(itemPosition(selected));
  const you = userPosition && at(userPosition);

  return (
    <div className="relative">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the map is a widget (role application): it is dragged, pinched and moved with the keys */}
      <div
        ref={boxRef}
        data-testid="items-map"
        {...MAP_REGION}
        // A widget of its own: the arrow keys and + and - move the map, as the hint says.
        role="application"
        aria-roledescription="map"
        className={cn(
          MAP_REGION.className,
          'relative cursor-grab touch-none select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700',
          live && 'cursor-grabbing',
        )}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so that the keys can move it
        tabIndex={0}
        aria-describedby={hintId}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onDoubleClick={onDoubleClick}
        onKeyDown={onKeyDown}
      >
        <span id={hintId} className="sr-only">
          Drag, or use the arrow keys, to move the map; plus and minus zoom.
        </span>
        {box && (
          <div
            className="absolute inset-0 origin-top-left"
            style={live ? { transform: `translate(${live.x}px, ${live.y}px) scale(${live.scale})` } : undefined}
          >
            {tilesFor(view, box).map((tile) => (
              <img
                key={tile.key}
                src={tileUrl(TILE_URL, tile)}
                alt=""
                width={256}
                height={256}
                draggable={false}
                decoding="async"
                className="map-tile absolute max-w-none"
                style={{ left: tile.left, top: tile.top }}
                onLoad={() => {
                  tileErrors.current = 0;
                  setTilesFailed(false);
                }}
                onError={(event) => {
                  // No broken-image mark over the plain background.
                  event.currentTarget.style.visibility = 'hidden';
                  tileErrors.current += 1;
                  if (tileErrors.current >= 2) setTilesFailed(true);
                }}
              />
            ))}
            {you && (
              <span
                role="img"
                aria-label="You are here"
                title="You are here"
                className="pointer-events-none absolute size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-[3px] border-white bg-blue-600 shadow"
                style={{ left: you.x, top: you.y }}
              />
            )}
            {groups.map((group) => {
              if (group.members.length > 1) {
                const spot = at(group.position);
                const label = `${plural(group.members.length, 'item')} here: zoom in to see them`;
                return (
                  <button
                    key={`group-${group.members[0].id}`}
                    type="button"
                    title={label}
                    aria-label={label}
                    className="map-cluster absolute"
                    style={{ left: spot.x - 18, top: spot.y - 18 }}
                    onClick={() => openGroup(group)}
                  >
                    {group.members.length}
                  </button>
                );
              }
              const item = group.members[0];
              const pin = at(group.position);
              const isSelected = item.id === selectedId;
              return (
                <button
                  key={item.id}
                  type="button"
                  title={item.title}
                  aria-label={`${item.title}: ${item.category}, ${plural(item.voteCount, 'vote')}`}
                  aria-pressed={isSelected}
                  className={cn('absolute size-7', isSelected && 'z-10')}
                  style={{ left: pin.x - 14, top: pin.y - 28 }}
                  onClick={() => onSelect(item.id)}
                >
                  <span className={cn('map-pin', isSelected && 'map-pin--selected')} style={{ background: pinColor(item) }} />
                  {item.voteCount > 0 && <span className="map-pin__votes">{item.voteCount}</span>}
                </button>
              );
            })}
            {selected && selectedAt && (
              <p
                className="pointer-events-none absolute z-20 max-w-56 -translate-x-1/2 -translate-y-full rounded-lg bg-white px-2 py-1 text-xs text-slate-700 shadow"
                style={{ left: selectedAt.x, top: selectedAt.y - 32 }}
              >
                <strong className="block truncate text-slate-900">{selected.title}</strong>
                {selected.category} · {plural(selected.voteCount, 'vote')}
              </p>
            )}
          </div>
        )}
      </div>
      <div className="absolute left-2 top-2 z-30 grid overflow-hidden rounded-lg border border-slate-300 bg-white shadow">
        <button
          type="button"
          aria-label="Zoom in"
          disabled={view.zoom >= MAX_ZOOM}
          onClick={() => zoomTo(view.zoom + 1)}
          className="grid size-9 place-items-center text-slate-800 disabled:text-slate-300"
        >
          <Plus className="size-4" aria-hidden />
        </button>
        <button
          type="button"
          aria-label="Zoom out"
          disabled={view.zoom <= MIN_ZOOM}
          onClick={() => zoomTo(view.zoom - 1)}
          className="grid size-9 place-items-center border-t border-slate-300 text-slate-800 disabled:text-slate-300"
        >
          <Minus className="size-4" aria-hidden />
        </button>
      </div>
      <p className="absolute bottom-px right-px z-30 rounded-tl bg-white/85 px-1 text-[10px] text-slate-700">
        &copy;{' '}
        <a href="https://www.openstreetmap.org/copyright" className="underline">
          OpenStreetMap
        </a>{' '}
        contributors
      </p>
      {tilesFailed && (
        <p
          role="status"
          className="pointer-events-none absolute left-14 right-2 top-2 z-30 rounded-lg bg-white/95 px-2 py-1 text-center text-xs text-slate-700 shadow"
        >
          Map tiles unavailable: pins on a plain background.
        </p>
      )}
    </div>
  );
}
