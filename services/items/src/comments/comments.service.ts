import { Injectable } from '@nestjs/common';
import {
  Comment,
  COMMENT_EDITS_PER_HOUR,
  COMMENTS_PER_HOUR,
  CommentError,
  DomainError,
  Events,
  FREE_COMMENTS_PER_MONTH,
  ItemError,
  MonthlyComments,
  RankName,
  SubscriptionTier,
} from '@curbside/contracts';
import { EventOutbox, secondsUntilHourFrees } from '@curbside/platform';
import { DataSource, EntityManager } from 'typeorm';
import { BlocksRepository } from '../blocks/blocks.repository';
import { ItemsRepository } from '../items/items.repository';
import { PostersService } from '../posters/posters.service';
import { Readers } from '../posters/readers';
import { CommentRow, CommentsRepository } from './comments.repository';
import { hiddenFrom } from '../items/item-visibility';
import { ContentChecks } from '../moderation/checks/content-checks.service';
import { ModerationService } from '../moderation/moderation.service';

function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    itemId: row.item_id,
    content: row.content,
    createdAt: new Date(row.created_at).toISOString(),
    isEdited: row.is_edited,
    ...(row.in_review ? { inReview: true } : {}),
    user: {
      id: row.user_id,
      username: row.username ?? 'Neighbour',
      rank: (row.rank ?? 'Newbie') as RankName,
      subscriptionTier: (row.subscription_tier ?? 'free') as SubscriptionTier,
    },
  };
}

/** Comments: free tier 5 a calendar month (UTC), counted in the database under a per-user lock. */
@Injectable()
export class CommentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
    private readonly comments: CommentsRepository,
    private readonly items: ItemsRepository,
    private readonly posters: PostersService,
    private readonly blocks: BlocksRepository,
    private readonly checks: ContentChecks,
    private readonly moderation: ModerationService,
    private readonly readers: Readers,
  ) {}

  /** The comments the caller sees: those of members they blocked are left out (docs/product-rules.md, Blocking). */
  async list(itemId: string, callerId?: string): Promise<Comment[]> {
    const [blocked, inReview, item] = await Promise.all([this.readers.blockedBy(callerId), this.moderation.membersInReview(), this.items.find(itemId)]);
    if (!item || hiddenFrom(item, callerId, inReview)) throw new DomainError(ItemError.NOT_FOUND, 'Item not found');
    return (await this.comments.listLive(itemId, callerId))
      .filter((row) => !blocked.has(row.user_id) && (row.user_id === callerId || !inReview.has(row.user_id)))
      .map(toComment);
  }

  async create(itemId: string, callerId: string, content: string): Promise<Comment> {
    // Refused before the checks read the text: a member past a limit costs no call to the moderation service.
    await this.assertMayComment(this.dataSource.manager, callerId);
    const verdict = await this.checks.check({ kind: 'comment', text: content });
    const id = await this.outbox.transaction(async (tx) => {
      const item = await this.items.lock(tx.manager, itemId);
      // An item in pending review (or whose poster is) is its poster's alone.
      if (hiddenFrom(item, callerId, await this.moderation.membersInReview())) throw new DomainError(ItemError.NOT_FOUND, 'Item not found');
      // A member the poster blocked finds the item unavailable, never told why (docs/product-rules.md, Blocking).
      if (await this.blocks.isBlocked(item.posterId, callerId, tx.manager)) throw new DomainError(ItemError.NOT_AVAILABLE, 'This item is no longer available');
      // Two comments at once from one account must not both slip under a limit.
      await this.comments.lockAuthor(tx.manager, callerId);
      await this.assertMayComment(tx.manager, callerId);
      const commentId = await this.comments.add(tx.manager, { itemId, userId: callerId, content, held: verdict.hold });
      await this.moderation.recordFlagsIn(tx, { type: 'comment', id: commentId }, verdict.flags, verdict.hold);
      if (!verdict.hold) tx.emit(Events.commentPosted, { commentId, itemId, posterId: item.posterId, authorId: callerId, title: item.title });
      return commentId;
    });
    return this.one(itemId, id);
  }

  async update(itemId: string, commentId: string, callerId: string, content: string): Promise<Comment> {
    // As for a new comment: refused before the checks read the text, and counted again under the author's lock.
    await this.assertMayEdit(this.dataSource.manager, callerId);
    const verdict = await this.checks.check({ kind: 'comment', text: content });
    await this.outbox.transaction(async (tx) => {
      await this.ownComment(tx.manager, itemId, commentId, callerId, 'edit');
      await this.comments.lockAuthor(tx.manager, callerId);
      await this.assertMayEdit(tx.manager, callerId);
      await this.comments.edit(tx.manager, commentId, callerId, content);
      await this.moderation.recordFlagsIn(tx, { type: 'comment', id: commentId }, verdict.flags, verdict.hold);
    });
    return this.one(itemId, commentId);
  }

  async delete(itemId: string, commentId: string, callerId: string): Promise<{ success: boolean; message: string }> {
    await this.dataSource.transaction(async (manager) => {
      await this.ownComment(manager, itemId, commentId, callerId, 'delete');
      await this.comments.delete(manager, itemId, commentId);
    });
    return { success: true, message: 'Comment deleted' };
  }

  /**
   * The free plan's month (FREE_COMMENTS_PER_MONTH) and every plan's hour (COMMENTS_PER_HOUR): deleted comments
   * count too, so deleting one gives none back.
   */
  private async assertMayComment(manager: EntityManager, callerId: string): Promise<void> {
    const { used, limit } = await this.quota(manager, callerId);
    if (limit !== null && used >= limit) {
      throw new DomainError(CommentError.MONTHLY_LIMIT, `You've used your ${limit} free comments this month. Upgrade your plan for unlimited comments.`);
    }
    const { count, oldest } = await this.comments.lastHour(manager, callerId);
    if (count >= COMMENTS_PER_HOUR) {
      throw new DomainError(
        CommentError.RATE_LIMITED,
        `You can post ${COMMENTS_PER_HOUR} comments an hour. Try again in a few minutes.`,
        secondsUntilHourFrees(oldest),
      );
    }
  }

  /** Every plan's hour of edits (COMMENT_EDITS_PER_HOUR). */
  private async assertMayEdit(manager: EntityManager, callerId: string): Promise<void> {
    const { count, oldest } = await this.comments.editsLastHour(manager, callerId);
    if (count >= COMMENT_EDITS_PER_HOUR) {
      throw new DomainError(
        CommentError.RATE_LIMITED,
        `You can edit comments ${COMMENT_EDITS_PER_HOUR} times an hour. Try again in a few minutes.`,
        secondsUntilHourFrees(oldest),
      );
    }
  }

  /** Deleted comments still count: deleting one does not give a free comment back. */
  async quota(manager: EntityManager, userId: string): Promise<MonthlyComments> {
    const { subscriptionTier } = await this.posters.member(manager, userId);
    const used = await this.comments.countThisMonth(manager, userId);
    return { used, limit: subscriptionTier === 'free' ? FREE_COMMENTS_PER_MONTH : null };
  }

  async monthly(userId: string): Promise<MonthlyComments> {
    return this.quota(this.dataSource.manager, userId);
  }

  private async one(itemId: string, commentId: string): Promise<Comment> {
    return toComment(await this.comments.findView(itemId, commentId));
  }

  private async ownComment(manager: EntityManager, itemId: string, commentId: string, callerId: string, action: string): Promise<void> {
    const row = await this.comments.lockLive(manager, itemId, commentId);
    if (!row) throw new DomainError(CommentError.NOT_FOUND, 'Comment not found');
    if (row.user_id !== callerId) throw new DomainError(CommentError.NOT_AUTHOR, `You can only ${action} your own comments`);
    // The moderator decides on the comment as it was reported or flagged; deleting it stays the author's choice.
    if (action === 'edit' && row.in_review)
      throw new DomainError(CommentError.IN_REVIEW, 'A moderator is looking at this comment: you can edit it again once they have decided');
  }
}
