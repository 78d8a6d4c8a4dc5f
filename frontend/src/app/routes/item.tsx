import { ErrorCode, ItemError } from '@curbside/contracts/client';
import { Link, useParams } from 'react-router';
import { CardSkeleton } from '../../components/ui/skeleton';
import { hasErrorCode } from '../../lib/api-client';
import { useItem } from '../../features/items/api/get-item';
import { ItemCardWithActions } from '../items/item-card-with-actions';
import { useLocation } from '../../lib/location/location-provider';

/** /items/{id}: one item's card with its actions, the page a shared link opens. */
export default function ItemRoute() {
  const { id = '' } = useParams();
  const { searchPosition: position } = useLocation();
  const item = useItem(id);

  if (item.isPending) return <CardSkeleton />;
  if (item.isError) {
    // VALIDATION_FAILED: an id that is not one (a mangled link).
    const gone = hasErrorCode(item.error, ItemError.NOT_FOUND, ErrorCode.VALIDATION_FAILED);
    return (
      <div className="rounded-2xl bg-white p-6 text-center">
        <h1 className="text-2xl font-bold">{gone ? 'Item not found' : 'Could not load this item'}</h1>
        <p className="mt-2 text-sm text-slate-600">
          {gone ? 'It may have been picked up and removed, or the link is wrong.' : 'Check your connection and try again.'}
        </p>
        <Link to="/" className="mt-4 inline-flex min-h-11 items-center rounded-xl bg-emerald-700 px-4 text-sm font-semibold text-white">
          Back to the feed
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <h1 className="sr-only">{item.data.title}</h1>
      <ItemCardWithActions item={item.data} position={position} priority fullPhoto />
    </div>
  );
}
