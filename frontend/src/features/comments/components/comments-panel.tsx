import { COMMENT_MAX, ItemMessages } from '@curbside/contracts/client';
import { Pencil, Trash2 } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { inputClass } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { formatAge } from '../../../lib/time';
import { useSession } from '../../../lib/session/session-provider';
import { useCommentQuota, useComments, useCreateComment, useDeleteComment, useUpdateComment, type Comment } from '../api/comments';

/** What a member may do about another member's comment (report it, block its author): the app composes it. */
export type CommentActions = (comment: Comment, itemId: string) => ReactNode;

const TIER_BADGES: Record<string, string> = { basic: 'Basic', premium: 'Premium', pro: 'Pro' };

/**
 * Comments of one item: free users see their monthly quota; authors edit inline; anonymous visitors only read; a
 * member sees `actions` on everyone else's comments.
 */
export default function CommentsPanel({ itemId, actions }: { itemId: string; actions?: CommentActions }) {
  const { user } = useSession();
  const comments = useComments(itemId);
  const isFree = !!user && user.subscriptionTier === 'free';
  const quota = useCommentQuota(user?.id ?? null, isFree);
  const create = useCreateComment(itemId);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string>();

  const limitReached = isFree && !!quota.data && quota.data.limit !== null && quota.data.used >= quota.data.limit;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      toast({ title: 'Sign in required', description: 'Please log in to comment', variant: 'destructive' });
      return;
    }
    if (!draft.trim()) {
      setDraftError(ItemMessages.commentEmpty);
      return;
    }
    const content = draft.trim();
    create.mutate(
      { userId: user.id, content },
      {
        // Only clear what was sent: the user may already be typing the next comment.
        onSuccess: () => setDraft((current) => (current.trim() === content ? '' : current)),
        onError: (error) => toast({ title: 'Failed to post comment', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <section aria-label="Comments" className="space-y-3 rounded-xl bg-slate-50 p-3">
      {comments.isPending && <p className="text-sm text-slate-600">Loading comments...</p>}
      {comments.isError && <p className="text-sm text-red-700">Comments could not be loaded.</p>}
      {comments.data && comments.data.length === 0 && <p className="text-sm text-slate-600">No comments yet. Start the conversation!</p>}
      {comments.data && comments.data.length > 0 && (
        <ul className="space-y-2">
          {comments.data.map((comment) => (
            <CommentRow
              key={comment.id}
              itemId={itemId}
              comment={comment}
              isAuthor={user?.id === comment.user.id}
              actions={user && user.id !== comment.user.id ? actions?.(comment, itemId) : undefined}
            />
          ))}
        </ul>
      )}

      {!user ? (
        <p className="text-sm text-slate-700">Sign in to join the conversation</p>
      ) : (
        <form onSubmit={submit} className="space-y-2" noValidate>
          {isFree && quota.data && quota.data.limit !== null && (
            <p className="text-xs text-slate-600" data-testid="comment-quota">
              {quota.data.used}/{quota.data.limit} comments used this month
            </p>
          )}
          {limitReached ? (
            <p role="status" className="rounded-lg bg-amber-50 p-2 text-sm text-amber-950">
              You've used all {quota.data?.limit} free comments this month. Upgrade your plan for unlimited comments.
            </p>
          ) : (
            <>
              <label htmlFor={`comment-${itemId}`} className="sr-only">
                Add a comment
              </label>
              <textarea
                id={`comment-${itemId}`}
                className={inputClass}
                rows={2}
                maxLength={COMMENT_MAX}
                placeholder="Add a comment..."
                value={draft}
                aria-invalid={!!draftError}
                onChange={(e) => {
                  setDraft(e.target.value);
                  setDraftError(undefined);
                }}
              />
              {draftError && (
                <p role="alert" className="text-sm text-red-700">
                  {draftError}
                </p>
              )}
              <Button type="submit" disabled={create.isPending} className="w-full">
                {create.isPending ? 'Posting...' : 'Post Comment'}
              </Button>
            </>
          )}
        </form>
      )}
    </section>
  );
}

function CommentRow({ itemId, comment, isAuthor, actions }: { itemId: string; comment: Comment; isAuthor: boolean; actions?: ReactNode }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [text, setText] = useState(comment.content);
  const update = useUpdateComment(itemId);
  const remove = useDeleteComment(itemId);
  const tier = TIER_BADGES[comment.user.subscriptionTier];

  const save = () => {
    if (!text.trim()) {
      toast({ title: 'Failed to update comment', description: ItemMessages.commentEmpty, variant: 'destructive' });
      return;
    }
    update.mutate(
      { commentId: comment.id, content: text.trim() },
      {
        onSuccess: () => setEditing(false),
        onError: (error) => toast({ title: 'Failed to update comment', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };

  const onDelete = () =>
    remove.mutate(comment.id, {
      onSuccess: () => setConfirming(false),
      onError: (error) => {
        setConfirming(false);
        toast({ title: 'Failed to delete comment', description: errorMessage(error), variant: 'destructive' });
      },
    });

  return (
    <li className="rounded-lg bg-white p-2 text-sm shadow-sm">
      <div className="flex items-start gap-1 text-xs text-slate-600">
        <p className="min-w-0 flex-1">
          <span className="font-semibold text-slate-800">{comment.user.username}</span> · {comment.user.rank}
          {tier && <span className="ml-1 rounded bg-violet-100 px-1 font-medium text-violet-900">{tier}</span>} · {formatAge(comment.createdAt)}
          {comment.isEdited && ' (edited)'}
          {comment.inReview && <span className="mt-0.5 block font-medium text-amber-900">Hidden from others while a moderator reviews it</span>}
        </p>
        {isAuthor && !editing && (
          <span className="-my-1 flex shrink-0">
            {/* A comment a moderator is looking at stays as it was reported until they decide. */}
            {!comment.inReview && (
              <button
                type="button"
                aria-label="Edit comment"
                onClick={() => setEditing(true)}
                className="grid size-9 place-items-center rounded hover:bg-slate-100"
              >
                <Pencil className="size-3.5" aria-hidden />
              </button>
            )}
            <button
              type="button"
              aria-label="Delete comment"
              onClick={() => setConfirming(true)}
              className="grid size-9 place-items-center rounded text-red-700 hover:bg-red-50"
            >
              <Trash2 className="size-3.5" aria-hidden />
            </button>
          </span>
        )}
        {actions}
      </div>
      {editing ? (
        <div className="mt-1 space-y-1">
          <label htmlFor={`edit-${comment.id}`} className="sr-only">
            Edit comment
          </label>
          <textarea id={`edit-${comment.id}`} className={inputClass} rows={2} maxLength={COMMENT_MAX} value={text} onChange={(e) => setText(e.target.value)} />
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setEditing(false)} className="flex-1">
              Cancel
            </Button>
            <Button onClick={save} disabled={update.isPending} className="flex-1">
              Save
            </Button>
          </div>
        </div>
      ) : (
        <p className="mt-0.5 whitespace-pre-wrap text-slate-800">{comment.content}</p>
      )}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete comment?"
        description="Your comment will be removed for everyone. This cannot be undone."
        dismissible={!remove.isPending}
      >
        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onDelete} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}
