import type { Position } from '@curbside/contracts';
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { itemPosition, type FeedItem } from '../../items/lib/item-rules';
import { afterNextPaint } from '../../../lib/after-paint';
import { plural } from '../../../lib/plural';
import { pinColor } from '../lib/map-filters';
import { MAP_REGION } from './map-placeholder';

/** Tiles come from VITE_TILE_URL when set at build time, else OpenStreetMap (the gateway's CSP allows its a/b/c hosts). */
export const TILE_URL: string = import.meta.env.VITE_TILE_URL || 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function pinIcon(item: FeedItem, selected: boolean): L.DivIcon {
  const badge = item.voteCount > 0 ? `<span class="map-pin__votes">${item.voteCount}</span>` : '';
  return L.divIcon({
    className: 'map-pin-wrapper',
    html: `<span class="map-pin${selected ? ' map-pin--selected' : ''}" style="background:${pinColor(item)}"></span>${badge}`,
    iconSize: [28, 28],
    iconAnchor: [14, 28],
  });
}

interface ItemsMapProps {
  center: Position;
  userPosition: Position | null;
  items: FeedItem[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/**
 * An interactive Leaflet map. When tiles cannot load (offline, blocked) the pins stay usable on the plain
 * background and a note says so; nothing else depends on the tiles.
 */
export default function ItemsMap({ center, userPosition, items, selectedId, onSelect }: ItemsMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    if (!containerRef.current) return;
    const created = L.map(containerRef.current, { zoomControl: true, attributionControl: true });
    // The tiles' credit stays; Leaflet's own link and flag before it would crowd a phone-sized map.
    created.attributionControl.setPrefix(false);
    const tiles = L.tileLayer(TILE_URL, { maxZoom: 19, subdomains: 'abc', attribution: ATTRIBUTION, crossOrigin: false });
    let errors = 0;
    tiles.on('tileerror', () => {
      errors += 1;
      if (errors >= 2) setTilesFailed(true);
    });
    tiles.on('tileload', () => setTilesFailed(false));
    let addTiles: ReturnType<typeof setTimeout> | undefined;
    // Leaflet measures its box when it is given a view. Given right away, that would force a layout of the whole
    // screen in this task (Leaflet has just restyled the box); after the next paint the box is laid out already.
    const cancelView = afterNextPaint(() => {
      created.setView([center.lat, center.lng], 13);
      layerRef.current = L.layerGroup().addTo(created);
      setMap(created);
      // The tiles are laid out in a task of their own, after the map and its pins: one long task becomes two
      // short ones, and a tap on the screen meanwhile is answered between them.
      addTiles = setTimeout(() => tiles.addTo(created));
    });
    return () => {
      cancelView();
      clearTimeout(addTiles);
      created.remove();
      layerRef.current = null;
    };
    // The map is created once; centre changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    map?.setView([center.lat, center.lng], map.getZoom());
  }, [map, center.lat, center.lng]);

  useEffect(() => {
    const layer = layerRef.current;
    if (!map || !layer) return;
    layer.clearLayers();
    if (userPosition) {
      L.circleMarker([userPosition.lat, userPosition.lng], { radius: 8, color: '#fff', weight: 3, fillColor: '#2563eb', fillOpacity: 1 })
        .bindTooltip('You are here')
        .addTo(layer);
    }
    for (const item of items) {
      const pos = itemPosition(item);
      L.marker([pos.lat, pos.lng], { icon: pinIcon(item, item.id === selectedId), title: item.title, alt: item.title, keyboard: true, riseOnHover: true })
        .bindPopup(`<strong>${escapeHtml(item.title)}</strong><br>${escapeHtml(item.category)} · ${plural(item.voteCount, 'vote')}`)
        .on('click', () => onSelect(item.id))
        .addTo(layer);
    }
  }, [map, items, selectedId, userPosition, onSelect]);

  return (
    <div className="relative">
      <div ref={containerRef} data-testid="items-map" {...MAP_REGION} />
      {tilesFailed && (
        <p role="status" className="absolute left-14 right-2 top-2 z-[500] rounded-lg bg-white/95 px-2 py-1 text-center text-xs text-slate-700 shadow">
          Map tiles unavailable: pins on a plain background.
        </p>
      )}
    </div>
  );
}
