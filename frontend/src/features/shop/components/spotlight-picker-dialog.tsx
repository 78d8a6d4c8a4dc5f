import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useUserItems } from '../../../lib/items/get-user-items';

/** Which post a Spotlight Post goes on: one of the member's own available posts. */
export function SpotlightPickerDialog({
  userId,
  pending,
  onClose,
  onChoose,
}: {
  userId: string;
  pending: boolean;
  onClose: () => void;
  onChoose: (itemId: string) => void;
}) {
  const items = useUserItems(userId);
  const available = (items.data ?? []).filter((item) => item.posterId === userId && item.status === 'available');
  return (
    <Dialog
      open
      onClose={onClose}
      variant="sheet"
      title="Choose a post to spotlight"
      description="It is shown first in nearby feeds and on the map for 24 hours, labelled Spotlight."
    >
      {items.isPending && <p className="text-sm text-slate-600">Loading your posts...</p>}
      {items.isError && <p className="text-sm text-red-700">Your posts could not be loaded.</p>}
      {items.data && available.length === 0 && <p className="text-sm text-slate-600">You have no available post to spotlight. Post something first.</p>}
      {available.length > 0 && (
        <ul aria-label="Your available posts" className="divide-y divide-slate-100">
          {available.map((item) => (
            <li key={item.id} className="flex items-center gap-2 py-2">
              <span className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">{item.title}</span>
              <Button size="compact" disabled={pending} aria-label={`Spotlight ${item.title}`} onClick={() => onChoose(item.id)}>
                Spotlight
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
