import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { changedRows } from '@curbside/platform';

/** Extra Reservation Time perks a member armed (docs/product-rules.md, "Perks"): each lengthens one hold. */
@Injectable()
export class HoldExtensionsRepository {
  async arm(manager: EntityManager, extension: { redemptionId: string; userId: string; minutes: number; armedAt: string }): Promise<void> {
    await manager.query(
      `INSERT INTO items.hold_extensions (redemption_id, user_id, minutes, armed_at) VALUES ($1, $2, $3, $4) ON CONFLICT (redemption_id) DO NOTHING`,
      [extension.redemptionId, extension.userId, extension.minutes, extension.armedAt],
    );
  }

  /** How long the member's next hold lasts with their oldest armed extension; undefined when none is armed. */
  async armedMinutes(manager: EntityManager, userId: string): Promise<number | undefined> {
    const [row]: { minutes: number }[] = await manager.query(
      `SELECT minutes FROM items.hold_extensions WHERE user_id = $1 AND used_at IS NULL ORDER BY armed_at, redemption_id LIMIT 1`,
      [userId],
    );
    return row?.minutes;
  }

  /**
   * Lengthens the hold the member has just taken on the item with their oldest armed extension, spending it: one
   * statement, run after the hold's UPDATE, so the item row is locked before the extension row (the order every
   * path takes: no deadlock between a member's own hold and a hand-over to them). Undefined when none is armed.
   */
  async extendNewHold(manager: EntityManager, itemId: string, userId: string): Promise<{ reservedUntil: Date; minutes: number } | undefined> {
    const rows = await changedRows<{ reserved_until: Date; minutes: number }>(
      manager,
      `WITH armed AS (
         SELECT redemption_id, minutes FROM items.hold_extensions
         WHERE user_id = $2 AND used_at IS NULL ORDER BY armed_at, redemption_id LIMIT 1 FOR UPDATE
       ), spent AS (
         UPDATE items.hold_extensions h SET used_at = now(), used_on_item = $1 FROM armed WHERE h.redemption_id = armed.redemption_id RETURNING armed.minutes
       )
       UPDATE items.items i SET reserved_until = now() + make_interval(mins => spent.minutes)
       FROM spent WHERE i.id = $1 AND i.reserved_by_id = $2 AND i.status = 'first_dibs'
       RETURNING i.reserved_until, spent.minutes`,
      [itemId, userId],
    );
    return rows[0] ? { reservedUntil: rows[0].reserved_until, minutes: rows[0].minutes } : undefined;
  }
}
