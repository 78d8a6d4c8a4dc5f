import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { changedRows } from '@curbside/platform';

/** An item a sweep step changed, as its event needs it (status after the change). */
export interface SweptItem {
  id: string;
  poster_id: string;
  title: string;
  status: string;
  expires_at: Date;
  /** Who held it before the change (releaseLapsedHolds: the member whose hold lapsed). */
  previous_holder_id: string | null;
}

/**
 * The time-driven changes to items. Each is one UPDATE over at most `batch` due rows picked with FOR UPDATE
 * SKIP LOCKED, so replicas sweeping at once never change (and announce) one row twice.
 */
@Injectable()
export class ExpiryRepository {
  /** Listed available items whose time is up become expired and leave the feed. */
  expireDue(manager: EntityManager, batch: number): Promise<SweptItem[]> {
    return this.step(manager, batch, `listed AND status = 'available' AND expires_at <= now()`, `status = 'expired', listed = false`);
  }

  /** Listed available items expiring within the hour whose poster was not yet warned: marked warned. */
  markExpiringWithinHour(manager: EntityManager, batch: number): Promise<SweptItem[]> {
    return this.step(
      manager,
      batch,
      `listed AND status = 'available' AND expiring_notified_at IS NULL AND expires_at > now() AND expires_at <= now() + interval '1 hour'`,
      `expiring_notified_at = now()`,
    );
  }

  /** First-dibs holds that ran out, or whose item's time is up: available again, or expired. */
  releaseLapsedHolds(manager: EntityManager, batch: number): Promise<SweptItem[]> {
    return this.step(
      manager,
      batch,
      `status = 'first_dibs' AND (reserved_until <= now() OR expires_at <= now())`,
      `status = CASE WHEN i.expires_at <= now() THEN 'expired' ELSE 'available' END, reserved_by_id = NULL, reserved_until = NULL,
         listed = i.expires_at > now() AND NOT i.in_review`,
    );
  }

  /** Claimed items leave the feed when their window ends. */
  unlistEndedClaims(manager: EntityManager, batch: number): Promise<SweptItem[]> {
    return this.step(manager, batch, `listed AND status = 'claimed' AND expires_at <= now()`, `listed = false`);
  }

  private async step(manager: EntityManager, batch: number, where: string, set: string): Promise<SweptItem[]> {
    const rows = await changedRows<SweptItem>(
      manager,
      `WITH due AS (SELECT id, reserved_by_id FROM items.items WHERE ${where} ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       UPDATE items.items i SET ${set}, updated_at = now() FROM due WHERE i.id = due.id
       RETURNING i.id, i.poster_id, i.title, i.status, i.expires_at, due.reserved_by_id AS previous_holder_id`,
      [batch],
    );
    return rows;
  }
}
