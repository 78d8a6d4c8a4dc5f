import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { changedRows } from '@curbside/platform';

export interface QueuedItem {
  id: string;
  poster_id: string;
  title: string;
  status: string;
  listed: boolean;
  expires_at: Date;
  reserved_by_id: string | null;
  pricing_type: 'free' | 'paid';
  is_garage_sale: boolean;
}

export interface QueueRow {
  user_id: string;
  position: number;
  joined_at: Date;
  public_name: string | null;
}

/** An item whose hold just ended, as the hand-over and its event need it. */
export interface FreedItem {
  id: string;
  poster_id: string;
  title: string;
  status: string;
}

/**
 * The queue behind a hold. A join locks the item's row, so joins of one item run one after another (the 20th
 * place is given once, places are unique); a member's joins are serialised by a transaction lock, so the
 * five-queue limit holds under parallel requests. Only queues of held items count: an item that expired or was
 * picked up leaves no place behind.
 */
@Injectable()
export class QueueRepository {
  /** The item, its row locked until the transaction ends. */
  async lockItem(manager: EntityManager, itemId: string): Promise<QueuedItem | undefined> {
    const [item]: QueuedItem[] = await manager.query(
      `SELECT id, poster_id, title, status, listed, expires_at, reserved_by_id, pricing_type, is_garage_sale FROM items.items WHERE id = $1 FOR UPDATE`,
      [itemId],
    );
    return item;
  }

  async lockMemberQueues(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('queues:' || $1))`, [userId]);
  }

  /** The held items whose queue the member is in, other than this one. */
  async countMemberQueues(manager: EntityManager, userId: string, exceptItemId: string): Promise<number> {
    const [{ n }]: { n: number }[] = await manager.query(
      `SELECT count(*)::int AS n FROM items.item_queue q JOIN items.items i ON i.id = q.item_id
       WHERE q.user_id = $1 AND q.item_id <> $2 AND i.status = 'first_dibs'`,
      [userId, exceptItemId],
    );
    return n;
  }

  /** Appends the member; false when they were already in the line. */
  /** Puts the member at the end of the item's line; `autoClaimed` when Pro's auto-claim does it for them. */
  async append(manager: EntityManager, itemId: string, userId: string, autoClaimed = false): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO items.item_queue (item_id, user_id, position, auto_claimed)
       SELECT $1, $2, COALESCE(max(position), 0) + 1, $3 FROM items.item_queue WHERE item_id = $1
       ON CONFLICT (item_id, user_id) DO NOTHING RETURNING user_id`,
      [itemId, userId, autoClaimed],
    );
    return rows.length === 1;
  }

  async remove(manager: EntityManager, itemId: string, userId: string): Promise<boolean> {
    const rows = await changedRows(manager, `DELETE FROM items.item_queue WHERE item_id = $1 AND user_id = $2 RETURNING user_id`, [itemId, userId]);
    return rows.length === 1;
  }

  /** The line in order, with each member's public name from the posters read model. */
  async members(manager: EntityManager, itemId: string): Promise<QueueRow[]> {
    return manager.query(
      `SELECT q.user_id, (row_number() OVER (ORDER BY q.position))::int AS position, q.joined_at, p.username AS public_name
       FROM items.item_queue q LEFT JOIN items.posters p ON p.user_id = q.user_id
       WHERE q.item_id = $1 ORDER BY q.position`,
      [itemId],
    );
  }

  /**
   * Puts a member at the head of the line (the poster's pick): the hand-over takes the first in line, so the picked
   * member gets the hold when the current one ends. Positions stay unique: one below the lowest.
   */
  async moveToFront(manager: EntityManager, itemId: string, userId: string): Promise<void> {
    await manager.query(
      `UPDATE items.item_queue SET position = (SELECT min(position) - 1 FROM items.item_queue WHERE item_id = $1)
       WHERE item_id = $1 AND user_id = $2 AND position > (SELECT min(position) FROM items.item_queue WHERE item_id = $1)`,
      [itemId, userId],
    );
  }

  /** The queue's first member, locked (SKIP LOCKED: a member another transaction is removing is passed over). */
  /** The first member in the item's line (their row locked), and whether auto-claim put them there. */
  async lockNext(manager: EntityManager, itemId: string): Promise<{ userId: string; autoClaimed: boolean } | undefined> {
    const [row]: { user_id: string; auto_claimed: boolean }[] = await manager.query(
      `SELECT user_id, auto_claimed FROM items.item_queue WHERE item_id = $1 ORDER BY position LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [itemId],
    );
    return row && { userId: row.user_id, autoClaimed: row.auto_claimed };
  }

  /**
   * Who waited for the item: in its line, or said it is still there or voted for it in the last 24 hours; never
   * the picker or the poster.
   */
  async waitingMembers(manager: EntityManager, itemId: string, queued: string[], pickerId: string, posterId: string): Promise<string[]> {
    const rows: { user_id: string }[] = await manager.query(
      `SELECT user_id FROM unnest($2::uuid[]) AS q(user_id)
       UNION SELECT user_id FROM items.still_there_checks WHERE item_id = $1 AND still_there AND created_at > now() - interval '24 hours'
       UNION SELECT user_id FROM items.votes WHERE item_id = $1 AND created_at > now() - interval '24 hours'
       EXCEPT SELECT unnest(ARRAY[$3::uuid, $4::uuid])
       ORDER BY user_id`,
      [itemId, queued, pickerId, posterId],
    );
    return rows.map((r) => r.user_id);
  }

  /** Ends an item's queue (a verified pickup). */
  async clear(manager: EntityManager, itemId: string): Promise<string[]> {
    const rows = await changedRows<{ user_id: string }>(manager, `DELETE FROM items.item_queue WHERE item_id = $1 RETURNING user_id`, [itemId]);
    return rows.map((r) => r.user_id);
  }

  /** The holder gives the hold back: the item is available again (the hand-over may hold it for the next member). */
  /** Frees every item of the poster the member holds (first dibs), as release does for one. */
  async releaseAllOf(manager: EntityManager, posterId: string, holderId: string): Promise<FreedItem[]> {
    return changedRows<FreedItem>(manager, freeHeld('poster_id'), [posterId, holderId]);
  }

  async release(manager: EntityManager, itemId: string, holderId: string): Promise<FreedItem | undefined> {
    const [freed] = await changedRows<FreedItem>(manager, freeHeld('id'), [itemId, holderId]);
    return freed;
  }
}

/** Makes available again the items matching `column` = $1 that $2 holds (first dibs), returning them as freed. */
function freeHeld(column: 'id' | 'poster_id'): string {
  return `UPDATE items.items SET status = 'available', reserved_by_id = NULL, reserved_until = NULL, updated_at = now()
          WHERE ${column} = $1 AND status = 'first_dibs' AND reserved_by_id = $2
          RETURNING id, poster_id, title, status`;
}
