import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** A comment with its author as the posters read model knows them. */
export interface CommentRow {
  id: string;
  item_id: string;
  user_id: string;
  content: string;
  is_edited: boolean;
  created_at: Date;
  username: string | null;
  rank: string | null;
  subscription_tier: string | null;
  in_review: boolean;
}

const COMMENT_VIEW = `SELECT c.id, c.item_id, c.user_id, c.content, c.is_edited, c.created_at, c.in_review, p.username, p.rank, p.subscription_tier
  FROM items.comments c LEFT JOIN items.posters p ON p.user_id = c.user_id`;

const MONTH_START_UTC = `date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;

/** Comments and the item's comment count, which every write keeps in step in the same transaction. */
@Injectable()
export class CommentsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** An item's live comments, oldest first; one in pending review only for its author. */
  async listLive(itemId: string, callerId: string | undefined): Promise<CommentRow[]> {
    return this.dataSource.query(
      `${COMMENT_VIEW} WHERE c.item_id = $1 AND c.deleted_at IS NULL AND (NOT c.in_review OR c.user_id = $2) ORDER BY c.created_at, c.id`,
      [itemId, callerId ?? null],
    );
  }

  /** A comment of this item, deleted or not: callers ask for one they have just written. */
  async findView(itemId: string, commentId: string): Promise<CommentRow> {
    const [row]: CommentRow[] = await this.dataSource.query(`${COMMENT_VIEW} WHERE c.id = $1 AND c.item_id = $2`, [commentId, itemId]);
    return row;
  }

  /** Serialises one member's comments until the transaction ends, so two at once cannot both pass a count. */
  async lockAuthor(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('comments:' || $1))`, [userId]);
  }

  /** The member's comments of the last hour, deleted ones included, and when the oldest of them was written. */
  async lastHour(manager: EntityManager, userId: string): Promise<{ count: number; oldest: Date | null }> {
    const [row]: { count: number; oldest: Date | null }[] = await manager.query(
      `SELECT count(*)::int AS count, min(created_at) AS oldest FROM items.comments WHERE user_id = $1 AND created_at > now() - interval '1 hour'`,
      [userId],
    );
    return row;
  }

  /** Comments the member wrote this calendar month (UTC), deleted ones included. */
  async countThisMonth(manager: EntityManager, userId: string): Promise<number> {
    const [{ used }]: { used: number }[] = await manager.query(
      `SELECT count(*)::int AS used FROM items.comments WHERE user_id = $1 AND created_at >= ${MONTH_START_UTC}`,
      [userId],
    );
    return used;
  }

  /**
   * Adds the comment and counts it on its item; returns its id. `held`: the checks hold it for a moderator, so
   * comment.posted waits for a restore.
   */
  async add(manager: EntityManager, comment: { itemId: string; userId: string; content: string; held: boolean }): Promise<string> {
    const id = randomUUID();
    await manager.query(`INSERT INTO items.comments (id, item_id, user_id, content, unannounced) VALUES ($1, $2, $3, $4, $5)`, [
      id,
      comment.itemId,
      comment.userId,
      comment.content,
      comment.held,
    ]);
    await this.recount(manager, comment.itemId);
    return id;
  }

  /** The author of a live comment of this item, the comment locked until the transaction ends; nothing when there is none. */
  async lockLive(manager: EntityManager, itemId: string, commentId: string): Promise<{ user_id: string; in_review: boolean } | undefined> {
    const [row]: { user_id: string; in_review: boolean }[] = await manager.query(
      `SELECT user_id, in_review FROM items.comments WHERE id = $1 AND item_id = $2 AND deleted_at IS NULL FOR UPDATE`,
      [commentId, itemId],
    );
    return row;
  }

  /** Changes the comment's text and notes the edit for its author's hourly count (their notes over an hour old go). */
  async edit(manager: EntityManager, commentId: string, authorId: string, content: string): Promise<void> {
    await manager.query(`UPDATE items.comments SET content = $2, is_edited = true, updated_at = now() WHERE id = $1`, [commentId, content]);
    await manager.query(`DELETE FROM items.comment_edits WHERE user_id = $1 AND edited_at <= now() - interval '1 hour'`, [authorId]);
    await manager.query(`INSERT INTO items.comment_edits (user_id) VALUES ($1)`, [authorId]);
  }

  /** The member's comment edits of the last hour, and when the oldest of them was made. */
  async editsLastHour(manager: EntityManager, userId: string): Promise<{ count: number; oldest: Date | null }> {
    const [row]: { count: number; oldest: Date | null }[] = await manager.query(
      `SELECT count(*)::int AS count, min(edited_at) AS oldest FROM items.comment_edits WHERE user_id = $1 AND edited_at > now() - interval '1 hour'`,
      [userId],
    );
    return row;
  }

  /** Marks the comment deleted (the row stays: it still counts against the month) and uncounts it on its item. */
  async delete(manager: EntityManager, itemId: string, commentId: string): Promise<void> {
    await manager.query(`UPDATE items.comments SET deleted_at = now() WHERE id = $1`, [commentId]);
    await this.recount(manager, itemId);
  }

  /**
   * The item's comment count is what a reader can see: live comments, none held for review. Every change to a
   * comment's state (added, deleted, held, shown, removed, restored) recounts here. The item's row is locked
   * first, so the count runs on a snapshot taken after any concurrent change to the same item committed.
   */
  async recount(manager: EntityManager, itemId: string): Promise<void> {
    await manager.query(`SELECT 1 FROM items.items WHERE id = $1 FOR UPDATE`, [itemId]);
    await manager.query(
      `UPDATE items.items SET comment_count = (SELECT count(*) FROM items.comments WHERE item_id = $1 AND deleted_at IS NULL AND NOT in_review) WHERE id = $1`,
      [itemId],
    );
  }
}
