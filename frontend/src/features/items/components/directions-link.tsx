import { Navigation } from 'lucide-react';
import type { User } from '@curbside/contracts';
import type { FeedItem } from '../../../lib/items/item-rules';

/**
 * The member holding an item (first dibs, or a claim) is told the exact spot: the API sends it to them and the poster
 * only (docs/security.md, "Where things are"); everyone else's copy is 75–150 m off and gets no link.
 */
export function directionsUrl(item: FeedItem, user: Pick<User, 'id'> | null | undefined): string | null {
  if (!user || !item.exactLocation) return null;
  if (item.reservedById !== user.id && item.claimedById !== user.id) return null;
  const lat = Number(item.latitude);
  const lng = Number(item.longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=19/${lat}/${lng}`;
}

export function DirectionsLink({ item, user }: { item: FeedItem; user: Pick<User, 'id'> | null | undefined }) {
  const href = directionsUrl(item, user);
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-11 items-center gap-1.5 rounded-xl border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50"
    >
      <Navigation className="size-4" aria-hidden /> Directions
    </a>
  );
}
