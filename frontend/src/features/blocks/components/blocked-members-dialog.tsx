import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { useUnblockMember } from '../api/block-member';
import { useBlockedMembers } from '../api/get-blocked-members';

/** Settings → Blocked members: whom the member blocked, each with Unblock (docs/product-rules.md, Blocking). */
export function BlockedMembersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const blocked = useBlockedMembers();
  const unblock = useUnblockMember();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      variant="sheet"
      title="Blocked members"
      description="They can't hold, claim, message or comment on your items, and you don't see theirs. They are not told."
    >
      {blocked.isPending && <p className="text-sm text-slate-600">Loading...</p>}
      {blocked.isError && <p className="text-sm text-red-700">The list could not be loaded.</p>}
      {blocked.data?.length === 0 && <p className="text-sm text-slate-600">You haven't blocked anyone.</p>}
      {blocked.data && blocked.data.length > 0 && (
        <ul aria-label="Blocked members" className="divide-y divide-slate-100">
          {blocked.data.map((member) => (
            <li key={member.userId} className="flex items-center gap-2 py-2">
              <span className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">{member.username}</span>
              <Button
                variant="secondary"
                size="compact"
                disabled={unblock.isPending}
                aria-label={`Unblock ${member.username}`}
                onClick={() =>
                  unblock.mutate(member.userId, {
                    onError: (error) => toast({ title: 'Could not unblock', description: errorMessage(error), variant: 'destructive' }),
                  })
                }
              >
                Unblock
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
