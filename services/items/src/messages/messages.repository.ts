import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { affectedCount, changedRows } from '@curbside/platform';

export interface MessageRow {
  id: string;
  item_id: string;
  member_id: string;
  author_id: string;
  recipient_id: string;
  body: string;
  meet_time: Date | null;
  meet_place: string | null;
  meet_status: 'proposed' | 'accepted' | 'declined' | null;
  scam_flags: string[];
  /** Held by the checks for a moderator (docs/product-rules.md, Moderation): only its author sees it. */
  in_review: boolean;
  created_at: Date;
}

/** The thread of an item and one member, and the facts that say who may read and write it. */
export interface ThreadItem {
  id: string;
  poster_id: string;
  title: string;
  status: string;
  is_garage_sale: boolean;
  reserved_by_id: string | null;
  claimed_by_id: string | null;
  /** The member is interested in the garage sale. */
  interested: boolean;
  /** The thread already has messages. */
  has_messages: boolean;
  /** When the item closed (claimed, expired or removed) more than the retention ago: the thread is gone. */
  past_retention: boolean;
}

export interface ThreadSummaryRow {
  member_id: string;
  name: string;
  last_at: Date;
  count: number;
  awaiting_reply: boolean;
}

const COLUMNS = `id, item_id, member_id, author_id, recipient_id, body, meet_time, meet_place, meet_status, scam_flags, in_review, created_at`;

@Injectable()
export class MessagesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The item as a thread with `memberId` sees it; nothing when the item is unknown. */
  async threadItem(manager: EntityManager, itemId: string, memberId: string, retentionDays: number): Promise<ThreadItem | undefined> {
    const [row]: ThreadItem[] = await manager.query(
      `SELECT i.id, i.poster_id, i.title, i.status, i.is_garage_sale, i.reserved_by_id, i.claimed_by_id,
              EXISTS (SELECT 1 FROM items.interests n WHERE n.item_id = i.id AND n.user_id = $2) AS interested,
              EXISTS (SELECT 1 FROM items.handover_messages m WHERE m.item_id = i.id AND m.member_id = $2) AS has_messages,
              (i.status <> 'available' AND i.status <> 'first_dibs'
                AND COALESCE(i.claimed_at, i.removed_at, i.expires_at) < now() - make_interval(days => $3)) AS past_retention
         FROM items.items i WHERE i.id = $1`,
      [itemId, memberId, retentionDays],
    );
    return row;
  }

  /** The thread as the caller reads it: a message held for review only its author sees. */
  async list(itemId: string, memberId: string, callerId: string): Promise<MessageRow[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM items.handover_messages WHERE item_id = $1 AND member_id = $2 AND (NOT in_review OR author_id = $3) ORDER BY created_at, id`,
      [itemId, memberId, callerId],
    );
  }

  /** Serialises one member's messages until the transaction ends, so two at once cannot both pass the hourly count. */
  async lockAuthor(manager: EntityManager, authorId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('handover-messages:' || $1))`, [authorId]);
  }

  /**
   * The poster's threads on an item: one per member with messages, newest first, leaving out members the poster
   * blocked or who blocked the poster (their threads are not found either, messages.service.ts) and messages held for review that the poster
   * did not write (a held message reaches its recipient only if a moderator restores it).
   */
  async threads(itemId: string, posterId: string): Promise<ThreadSummaryRow[]> {
    return this.dataSource.query(
      `SELECT m.member_id, COALESCE(p.username, 'Neighbour') AS name, max(m.created_at) AS last_at, count(*)::int AS count,
              (array_agg(m.author_id ORDER BY m.created_at DESC, m.id DESC))[1] = m.member_id AS awaiting_reply
         FROM items.handover_messages m
         LEFT JOIN items.posters p ON p.user_id = m.member_id
        WHERE m.item_id = $1
          AND (NOT m.in_review OR m.author_id = $2)
          AND NOT EXISTS (SELECT 1 FROM items.blocks b
                           WHERE b.blocked AND ((b.blocker_id = $2 AND b.blocked_id = m.member_id) OR (b.blocker_id = m.member_id AND b.blocked_id = $2)))
        GROUP BY m.member_id, p.username
        ORDER BY last_at DESC, m.member_id`,
      [itemId, posterId],
    );
  }

  /** The member's messages of the last hour and when the oldest of them was sent. */
  async lastHour(manager: EntityManager, authorId: string): Promise<{ count: number; oldest: Date | null }> {
    const [row]: { count: number; oldest: Date | null }[] = await manager.query(
      `SELECT count(*)::int AS count, min(created_at) AS oldest FROM items.handover_messages WHERE author_id = $1 AND created_at > now() - interval '1 hour'`,
      [authorId],
    );
    return row;
  }

  async add(
    manager: EntityManager,
    message: {
      itemId: string;
      memberId: string;
      authorId: string;
      recipientId: string;
      body: string;
      meet: { time: string; place: string } | null;
      flags: string[];
    },
  ): Promise<MessageRow> {
    const [row]: MessageRow[] = await manager.query(
      `INSERT INTO items.handover_messages (id, item_id, member_id, author_id, recipient_id, body, meet_time, meet_place, meet_status, scam_flags)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
      [
        randomUUID(),
        message.itemId,
        message.memberId,
        message.authorId,
        message.recipientId,
        message.body,
        message.meet?.time ?? null,
        message.meet?.place ?? null,
        message.meet ? 'proposed' : null,
        message.flags,
      ],
    );
    return row;
  }

  /** The message, locked until the transaction ends. */
  async lock(manager: EntityManager, itemId: string, messageId: string): Promise<MessageRow | undefined> {
    const [row]: MessageRow[] = await manager.query(`SELECT ${COLUMNS} FROM items.handover_messages WHERE id = $1 AND item_id = $2 FOR UPDATE`, [
      messageId,
      itemId,
    ]);
    return row;
  }

  async answerMeetAt(manager: EntityManager, messageId: string, answer: 'accepted' | 'declined'): Promise<MessageRow> {
    const [row] = await changedRows<MessageRow>(manager, `UPDATE items.handover_messages SET meet_status = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [
      messageId,
      answer,
    ]);
    return row;
  }

  /** A member's public name as the posters read model knows it. */
  async nameOf(manager: EntityManager, userId: string): Promise<string> {
    const [row]: { username: string }[] = await manager.query(`SELECT username FROM items.posters WHERE user_id = $1`, [userId]);
    return row?.username ?? 'Neighbour';
  }

  /** Threads of items closed more than `retentionDays` ago; returns how many messages went. */
  async deleteExpired(retentionDays: number): Promise<number> {
    const count = await affectedCount(
      this.dataSource,
      `DELETE FROM items.handover_messages m USING items.items i
        WHERE i.id = m.item_id AND i.status NOT IN ('available', 'first_dibs')
          AND COALESCE(i.claimed_at, i.removed_at, i.expires_at) < now() - make_interval(days => $1)`,
      [retentionDays],
    );
    return count;
  }
}
