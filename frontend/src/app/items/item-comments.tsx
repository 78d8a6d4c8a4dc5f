import CommentsPanel, { type CommentActions } from '../../features/comments/components/comments-panel';
import { BlockButton } from '../../features/blocks/components/block-button';
import { ReportButton } from '../../features/reports/components/report-button';

const ACTION_CLASS = '-my-1 grid size-9 shrink-0 place-items-center rounded text-slate-500 hover:bg-slate-100';

/** On another member's comment: report it, or block its author. */
const commentActions: CommentActions = (comment, itemId) => (
  <>
    <ReportButton
      target={{ kind: 'comment', itemId, commentId: comment.id, authorName: comment.user.username }}
      className={ACTION_CLASS}
      iconClassName="size-3.5"
    />
    <BlockButton userId={comment.user.id} name={comment.user.username} className={ACTION_CLASS} iconClassName="size-3.5" />
  </>
);

/**
 * An item's comment thread with what a member may do about others' comments. Its own chunk, loaded when a thread
 * opens: a static import put the comments into the chunk the feed and the map share with the block dialog (the build
 * merges small chunks).
 */
export default function ItemComments({ itemId }: { itemId: string }) {
  return <CommentsPanel itemId={itemId} actions={commentActions} />;
}
