import { Injectable } from '@nestjs/common';
import { Perk } from '@curbside/contracts';
import { DataSource, EntityManager } from 'typeorm';

export interface PerkRow {
  id: string;
  user_id: string;
  perk: Perk;
  name: string;
  created_at: Date;
  used_at: Date | null;
  item_id: string | null;
  active_until: Date | null;
}

const PERK_COLUMNS = `r.id, r.user_id, c.perk, c.name, r.created_at, r.used_at, r.item_id, r.active_until`;

/** Redemptions of perks: which are unused, and using one once. */
@Injectable()
export class PerksRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The member's perks still of interest: unused, or a spotlight still running; oldest first. */
  async ofMember(userId: string): Promise<PerkRow[]> {
    return this.dataSource.query(
      `SELECT ${PERK_COLUMNS} FROM rewards.redemptions r JOIN rewards.catalogue c ON c.id = r.reward_id
       WHERE r.user_id = $1 AND c.perk IS NOT NULL AND (r.used_at IS NULL OR r.active_until > now())
       ORDER BY r.created_at, r.id`,
      [userId],
    );
  }

  /** The member's perk, its row locked until the transaction ends (two uses at once: one waits, then sees it used). */
  async lock(manager: EntityManager, userId: string, redemptionId: string): Promise<PerkRow | undefined> {
    const [row]: PerkRow[] = await manager.query(
      `SELECT ${PERK_COLUMNS} FROM rewards.redemptions r JOIN rewards.catalogue c ON c.id = r.reward_id
       WHERE r.id = $1 AND r.user_id = $2 AND c.perk IS NOT NULL FOR UPDATE OF r`,
      [redemptionId, userId],
    );
    return row;
  }

  async markUsed(manager: EntityManager, redemptionId: string, use: { usedAt: Date; itemId: string | null; activeUntil: Date | null }): Promise<void> {
    await manager.query(`UPDATE rewards.redemptions SET used_at = $2, item_id = $3, active_until = $4 WHERE id = $1`, [
      redemptionId,
      use.usedAt,
      use.itemId,
      use.activeUntil,
    ]);
  }
}
