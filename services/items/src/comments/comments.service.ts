import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  Comment,
  CommentError,
  DomainError,
  Events,
  FREE_COMMENTS_PER_MONTH,
  MonthlyComments,
  RankName,
  SubscriptionTier,
} from '@curbside/contracts';
import { EventOutbox } from '@curbside/platform';
import { DataSource, EntityManager } from 'typeorm';
import { ItemsRepository } from '../items/items.repository';
import { PostersService } from '../posters/posters.service';

interface CommentRow {
  id: string;
  item_id: string;
  user_id: string;
  content: string;
  is_edited: boolean;
  created_at: Date;
  username: string | null;
  rank: string | null;
  subscription_tier: string | null;
}

const COMMENT_VIEW = `SELECT c.id, c.item_id, c.user_id, c.content, c.is_edited, c.created_at, p.username, p.rank, p.subscription_tier
  FROM items.comments c LEFT JOIN items.posters p ON p.user_id = c.user_id`;

const MONTH_START_UTC = `date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;

function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    itemId: row.item_id,
    content: row.content,
    createdAt: new Date(row.created_at).toISOString(),
    isEdited: row.is_edited,
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
    private readonly items: ItemsRepository,
    private readonly posters: PostersService,
  ) {}

  async list(itemId: string): Promise<Comment[]> {
    const rows: CommentRow[] = await this.dataSource.query(`${COMMENT_VIEW} WHERE c.item_id = $1 AND c.deleted_at IS NULL ORDER BY c.created_at, c.id`, [itemId]);
    return rows.map(toComment);
  }

  async create(itemId: string, callerId: string, content: string): Promise<Comment> {
    const id = await this.outbox.transaction(async (tx) => {
      const item = await this.items.lock(tx.manager, itemId);
      // Two comments at once from one free account must not both slip under the quota.
      await tx.manager.query(`SELECT pg_advisory_xact_lock(hashtext('comments:' || $1))`, [callerId]);
      const { used, limit } = await this.quota(tx.manager, callerId);
      if (limit !== null && used >= limit) {
        throw new DomainError(CommentError.MONTHLY_LIMIT, `You've used your ${limit} free comments this month. Upgrade your plan for unlimited comments.`);
      }
      const commentId = randomUUID();
      await tx.manager.query(`INSERT INTO items.comments (id, item_id, user_id, content) VALUES ($1, $2, $3, $4)`, [commentId, itemId, callerId, content]);
      await tx.manager.query(`UPDATE items.items SET comment_count = comment_count + 1 WHERE id = $1`, [itemId]);
      tx.emit(Events.commentPosted, { commentId, itemId, posterId: item.posterId, authorId: callerId, title: item.title });
      return commentId;
    });
    return this.one(itemId, id);
  }

  async update(itemId: string, commentId: string, callerId: string, content: string): Promise<Comment> {
    await this.dataSource.transaction(async (manager) => {
      await this.ownComment(manager, itemId, commentId, callerId, 'edit');
      await manager.query(`UPDATE items.comments SET content = $2, is_edited = true, updated_at = now() WHERE id = $1`, [commentId, content]);
    });
    return this.one(itemId, commentId);
  }

  async delete(itemId: string, commentId: string, callerId: string): Promise<{ success: boolean; message: string }> {
    await this.dataSource.transaction(async (manager) => {
      await this.ownComment(manager, itemId, commentId, callerId, 'delete');
      await manager.query(`UPDATE items.comments SET deleted_at = now() WHERE id = $1`, [commentId]);
      await manager.query(`UPDATE items.items SET comment_count = comment_count - 1 WHERE id = $1`, [itemId]);
    });
    return { success: true, message: 'Comment deleted' };
  }

  /** Deleted comments still count: deleting one does not give a free comment back. */
  async quota(manager: EntityManager, userId: string): Promise<MonthlyComments> {
    const { subscriptionTier } = await this.posters.member(manager, userId);
    const [{ used }]: { used: number }[] = await manager.query(
      `SELECT count(*)::int AS used FROM items.comments WHERE user_id = $1 AND created_at >= ${MONTH_START_UTC}`,
      [userId],
    );
    return { used, limit: subscriptionTier === 'free' ? FREE_COMMENTS_PER_MONTH : null };
  }

  async monthly(userId: string): Promise<MonthlyComments> {
    return this.quota(this.dataSource.manager, userId);
  }

  private async one(itemId: string, commentId: string): Promise<Comment> {
    const [row]: CommentRow[] = await this.dataSource.query(`${COMMENT_VIEW} WHERE c.id = $1 AND c.item_id = $2`, [commentId, itemId]);
    return toComment(row);
  }

  private async ownComment(manager: EntityManager, itemId: string, commentId: string, callerId: string, action: string): Promise<void> {
    const [row]: { user_id: string }[] = await manager.query(
      `SELECT user_id FROM items.comments WHERE id = $1 AND item_id = $2 AND deleted_at IS NULL FOR UPDATE`,
      [commentId, itemId],
    );
    if (!row) throw new DomainError(CommentError.NOT_FOUND, 'Comment not found');
    if (row.user_id !== callerId) throw new DomainError(CommentError.NOT_AUTHOR, `You can only ${action} your own comments`);
  }
}
