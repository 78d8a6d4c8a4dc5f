import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { wantedByText } from '../../lib/saved-search-text';
import { errorMessage } from '../../lib/api-client';
import { currentPosition } from '../../lib/location/current-position';
import { useCreateItem } from '../../features/posting/api/create-item';
import { GarageSaleForm } from '../../features/posting/components/garage-sale-form';
import { garageSalePayload, type GarageSaleValues } from '../../features/posting/lib/garage-sale-rules';
import { useSession } from '../../lib/session/session-provider';

/** Post Garage Sale: the form is checked by the contract's garage-sale schema (through react-hook-form) before any call. */
export default function PostGarageSaleRoute() {
  const navigate = useNavigate();
  const { user } = useSession();
  const create = useCreateItem();

  const post = async (valid: GarageSaleValues, showOnField: (error: unknown) => boolean) => {
    try {
      // Posting needs the device position; without it the post fails.
      const position = await currentPosition();
      const posted = await create.mutateAsync({ ...garageSalePayload(valid, position), ...(user ? { posterId: user.id } : {}) });
      const wanted = wantedByText(posted.wantedBy);
      toast({
        title: wanted?.title ?? 'Garage Sale Posted!',
        description: wanted?.description ?? 'Your garage sale has been posted successfully.',
        variant: 'success',
        keepOnNavigation: true,
      });
      navigate('/');
    } catch (error) {
      if (showOnField(error)) return;
      const message = errorMessage(error);
      toast(message ? { title: 'Error', description: message, variant: 'destructive' } : { title: 'Failed to post garage sale', variant: 'destructive' });
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-2">
        <Link to="/" aria-label="Back to the feed" className="grid size-11 place-items-center rounded-full hover:bg-slate-200">
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        <h1 className="text-xl font-bold">Post Garage Sale</h1>
      </div>
      <GarageSaleForm idPrefix="sale" onValid={post}>
        {(submitting) => (
          <Button type="submit" disabled={submitting || create.isPending} className="w-full">
            {submitting || create.isPending ? 'Posting Garage Sale...' : 'Post Garage Sale'}
          </Button>
        )}
      </GarageSaleForm>
    </div>
  );
}
