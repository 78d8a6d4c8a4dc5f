import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { useBlockMember } from '../api/block-member';

/** Asks before blocking a member (from an item card's menu or a comment); they are never told. */
export default function BlockMemberDialog({ userId, name, onClose }: { userId: string; name: string; onClose: () => void }) {
  const block = useBlockMember();
  const confirm = () =>
    block.mutate(userId, {
      onSuccess: () => {
        onClose();
        toast({ title: 'Member blocked', description: `You won't see ${name}'s items or comments. Unblock them in Profile → Blocked members.` });
      },
      onError: (error) => toast({ title: 'Could not block', description: errorMessage(error), variant: 'destructive' }),
    });
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Block ${name}?`}
      description="They won't be able to hold, claim, message or comment on your items, and you won't see their items or comments. They are not told."
    >
      <div className="flex gap-2">
        <Button variant="secondary" onClick={onClose} className="flex-1">
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={block.isPending} className="flex-1">
          Block
        </Button>
      </div>
    </Dialog>
  );
}
