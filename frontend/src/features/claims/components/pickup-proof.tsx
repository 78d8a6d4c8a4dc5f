import { Camera } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { formatAge } from '../../../lib/time';
import type { FeedItem } from '../../../lib/items/item-rules';
import { useSession } from '../../../lib/session/session-provider';
import { usePickup } from '../api/get-pickup';

/** The poster's proof of a verified pickup: who took it, when, and the checked photo (docs/product-rules.md). */
export function PickupProof({ item }: { item: FeedItem }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const isPoster = !!user && user.id === item.posterId;
  const pickup = usePickup(item.id, open && isPoster);
  if (!isPoster || item.status !== 'claimed') return null;

  return (
    <div className="flex flex-col gap-2" data-testid="pickup-proof">
      <Button variant="secondary" size="compact" aria-expanded={open} onClick={() => setOpen((o) => !o)} className="self-start">
        <Camera className="size-4" aria-hidden /> {open ? 'Hide pickup photo' : 'See pickup photo'}
      </Button>
      {open && pickup.isPending && <p className="text-sm text-slate-600">Loading the pickup…</p>}
      {open && pickup.isError && <p className="text-sm text-red-800">{errorMessage(pickup.error)}</p>}
      {open && pickup.data && (
        <figure className="flex flex-col gap-1">
          {pickup.data.photoDataUrl ? (
            <img src={pickup.data.photoDataUrl} alt={`${item.title}, as picked up`} className="max-h-64 w-full rounded-lg object-contain" />
          ) : (
            <p className="text-sm text-slate-600">The pickup photo is no longer kept.</p>
          )}
          <figcaption className="text-sm text-slate-800">
            Picked up by <span className="font-semibold">{pickup.data.pickedUpBy}</span> {formatAge(pickup.data.pickedUpAt)}
          </figcaption>
        </figure>
      )}
    </div>
  );
}
