import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { changedRows } from '@curbside/platform';

/** What a claim or a reservation changed, as its event needs it. */
export interface ChangedItem {
  poster_id: string;
  title: string;
  pricing_type: 'free' | 'paid';
  custom_amount: number | null;
  is_scout_find: boolean;
  reserved_until: Date;
}

export interface PassedPickup {
  itemId: string;
  userId: string;
  photoHash: string;
  confidence: number;
  photoKey: string;
}

/**
 * First-dibs holds, claims and the pickup-photo checks they rest on. The claimable test (listed, unexpired,
 * has a photo, not the poster's) sits in the same UPDATE as the change, so one statement decides and exactly one
 * neighbour wins however many try at once.
 */
@Injectable()
export class ClaimsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The pass, and the photo's upload no longer waiting for its check, in one statement. */
  async recordPassedPickup(pickup: PassedPickup): Promise<void> {
    await this.dataSource.query(
      `WITH checked AS (DELETE FROM items.pickup_uploads WHERE photo_key = $6)
       INSERT INTO items.pickup_validations (id, item_id, user_id, photo_hash, confidence, photo_key) VALUES ($1, $2, $3, $4, $5, $6)`,
      [randomUUID(), pickup.itemId, pickup.userId, pickup.photoHash, pickup.confidence, pickup.photoKey],
    );
  }

  /** A pickup photo the gateway is about to store for this member, waiting for its check. */
  async expectPickupUpload(photoKey: string, userId: string): Promise<void> {
    await this.dataSource.query(`INSERT INTO items.pickup_uploads (photo_key, user_id) VALUES ($1, $2)`, [photoKey, userId]);
  }

  /** The photo's check ran and it was deleted (or was never stored): nothing waits for it any more. */
  async forgetPickupUploads(photoKeys: string[]): Promise<void> {
    await this.dataSource.query(`DELETE FROM items.pickup_uploads WHERE photo_key = ANY ($1::text[])`, [photoKeys]);
  }

  /** Pickup photos whose check never ran (nor will: their call ended long ago), oldest first. */
  async uncheckedPickupUploads(limit: number): Promise<string[]> {
    const rows: { photo_key: string }[] = await this.dataSource.query(
      `SELECT photo_key FROM items.pickup_uploads WHERE created_at < now() - interval '1 hour' ORDER BY created_at LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.photo_key);
  }

  /** The newest unused pass of this photo for this member and item within the window, locked until the claim commits. */
  async lockFreshPass(manager: EntityManager, itemId: string, userId: string, photoHash: string, windowMinutes: number): Promise<{ id: string } | undefined> {
    const [pass]: { id: string }[] = await manager.query(
      `SELECT id FROM items.pickup_validations
       WHERE item_id = $1 AND user_id = $2 AND photo_hash = $3 AND used_at IS NULL
         AND created_at > now() - make_interval(mins => $4)
       ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [itemId, userId, photoHash, windowMinutes],
    );
    return pass;
  }

  async markPassUsed(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`UPDATE items.pickup_validations SET used_at = now() WHERE id = $1`, [id]);
  }

  /** Pickup photos no claim used within a day, oldest first. */
  async unusedPickupPhotos(limit: number): Promise<{ id: string; photo_key: string }[]> {
    return this.dataSource.query(
      `SELECT id, photo_key FROM items.pickup_validations
       WHERE used_at IS NULL AND photo_key IS NOT NULL AND created_at < now() - interval '1 day'
       ORDER BY created_at LIMIT $1`,
      [limit],
    );
  }

  async forgetPasses(ids: string[]): Promise<void> {
    await this.dataSource.query(`DELETE FROM items.pickup_validations WHERE id = ANY ($1)`, [ids]);
  }

  /** Detaches every pickup photo taken of an item (rows locked) and returns their keys, for deletion from storage. */
  async detachPickupPhotos(manager: EntityManager, itemId: string): Promise<string[]> {
    const rows = await changedRows<{ photo_key: string }>(
      manager,
      `WITH old AS (SELECT id, photo_key FROM items.pickup_validations WHERE item_id = $1 AND photo_key IS NOT NULL FOR UPDATE)
       UPDATE items.pickup_validations v SET photo_key = NULL FROM old WHERE v.id = old.id RETURNING old.photo_key`,
      [itemId],
    );
    return rows.map((r) => r.photo_key);
  }

  /** The verified pickup of an item: who, when (their public name from the posters read model), and its photo's key. */
  async pickupOf(
    itemId: string,
  ): Promise<{ status: string; poster_id: string; picked_up_by: string | null; claimed_at: Date | null; photo_key: string | null } | undefined> {
    const [row] = await this.dataSource.query(
      `SELECT i.status, i.poster_id, c.username AS picked_up_by, i.claimed_at,
              (SELECT v.photo_key FROM items.pickup_validations v
               WHERE v.item_id = i.id AND v.user_id = i.claimed_by_id AND v.used_at IS NOT NULL ORDER BY v.used_at DESC LIMIT 1) AS photo_key
       FROM items.items i LEFT JOIN items.posters c ON c.user_id = i.claimed_by_id WHERE i.id = $1`,
      [itemId],
    );
    return row;
  }

  /** Serialises one member's reservations until the transaction ends, so parallel requests cannot pass the count. */
  async lockMemberReservations(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('reservations:' || $1))`, [userId]);
  }

  /** The member's live first-dibs holds other than on this item. */
  async countHolds(manager: EntityManager, userId: string, exceptItemId: string): Promise<number> {
    const [{ held }]: { held: number }[] = await manager.query(
      `SELECT count(*)::int AS held FROM items.items
       WHERE reserved_by_id = $1 AND status = 'first_dibs' AND reserved_until > now() AND id <> $2`,
      [userId, exceptItemId],
    );
    return held;
  }

  /**
   * When the member may pick up again: the day their `quota`-th newest verified pickup of the last `days` leaves the
   * window; null while they have fewer (docs/product-rules.md, "Fairness"). Read through items_claimed_by.
   */
  async pickupQuotaFreeAt(manager: EntityManager, userId: string, quota: number, days: number): Promise<Date | null> {
    const [row]: { free_at: Date }[] = await manager.query(
      `SELECT claimed_at + make_interval(days => $3) AS free_at FROM items.items
       WHERE claimed_by_id = $1 AND status = 'claimed' AND claimed_at > now() - make_interval(days => $3)
       ORDER BY claimed_at DESC OFFSET $2 - 1 LIMIT 1`,
      [userId, quota, days],
    );
    return row ? new Date(row.free_at) : null;
  }

  /** Claims the item when it is claimable by the member and available or held by them; nothing when not. */
  async claimIfClaimable(manager: EntityManager, itemId: string, claimerId: string): Promise<ChangedItem | undefined> {
    return this.changeIfClaimable(
      manager,
      `status = 'claimed', claimed_by_id = $2, claimed_at = now(), reserved_by_id = NULL, reserved_until = NULL, last_confirmed_at = now()`,
      `(status = 'available' OR (status = 'first_dibs' AND reserved_by_id = $2))`,
      [itemId, claimerId],
    );
  }

  /** Holds the item for the member for `minutes` when it is claimable by them and available; nothing when not. */
  async reserveIfClaimable(manager: EntityManager, itemId: string, reserverId: string, minutes: number): Promise<ChangedItem | undefined> {
    return this.changeIfClaimable(
      manager,
      `status = 'first_dibs', reserved_by_id = $2, reserved_until = now() + make_interval(mins => $3)`,
      `status = 'available'`,
      [itemId, reserverId, minutes],
    );
  }

  private async changeIfClaimable(manager: EntityManager, set: string, state: string, params: unknown[]): Promise<ChangedItem | undefined> {
    const rows = await changedRows<ChangedItem>(
      manager,
      `UPDATE items.items SET ${set}, updated_at = now()
       WHERE id = $1 AND listed AND expires_at > now() AND poster_id <> $2 AND image_url IS NOT NULL AND ${state}
         -- In the same statement as the change: a block that lands after the service's early check still refuses.
         AND NOT EXISTS (SELECT 1 FROM items.blocks b WHERE b.blocker_id = items.items.poster_id AND b.blocked_id = $2 AND b.blocked)
       RETURNING poster_id, title, pricing_type, custom_amount, is_scout_find, reserved_until`,
      params,
    );
    return rows[0];
  }
}
