import { Injectable } from '@nestjs/common';
import { RewardCategory } from '@curbside/contracts';
import { DataSource, EntityManager } from 'typeorm';

/** A reward of the shop's catalogue. */
export interface CatalogueRow {
  id: string;
  name: string;
  description: string;
  icon: string;
  category: RewardCategory;
  points_cost: number;
  limit_per_user: number | null;
}

const CATALOGUE_COLUMNS = `id, name, description, icon, category, points_cost, limit_per_user`;

/** The shop's catalogue and the rewards members redeemed from it. */
@Injectable()
export class RedemptionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Perks, then merchandise, then donations, each in its own order. */
  async catalogue(): Promise<CatalogueRow[]> {
    return this.dataSource.query(
      `SELECT ${CATALOGUE_COLUMNS} FROM rewards.catalogue ORDER BY array_position(ARRAY['perks', 'merchandise', 'donations'], category), sort_order`,
    );
  }

  async reward(manager: EntityManager, rewardId: string): Promise<CatalogueRow | undefined> {
    const [reward]: CatalogueRow[] = await manager.query(`SELECT ${CATALOGUE_COLUMNS} FROM rewards.catalogue WHERE id = $1`, [rewardId]);
    return reward;
  }

  /** The member's redemptions, newest first. */
  async ofMember(userId: string): Promise<{ id: string; reward_id: string; points_cost: number; created_at: Date }[]> {
    return this.dataSource.query(`SELECT id, reward_id, points_cost, created_at FROM rewards.redemptions WHERE user_id = $1 ORDER BY created_at DESC`, [userId]);
  }

  /** How often the member redeemed this reward, as the caller's transaction sees it. */
  async count(manager: EntityManager, userId: string, rewardId: string): Promise<number> {
    const [{ n }]: { n: number }[] = await manager.query(`SELECT count(*)::int AS n FROM rewards.redemptions WHERE user_id = $1 AND reward_id = $2`, [userId, rewardId]);
    return n;
  }

  async add(manager: EntityManager, redemption: { id: string; userId: string; rewardId: string; pointsCost: number }): Promise<void> {
    await manager.query(`INSERT INTO rewards.redemptions (id, user_id, reward_id, points_cost) VALUES ($1, $2, $3, $4)`, [
      redemption.id,
      redemption.userId,
      redemption.rewardId,
      redemption.pointsCost,
    ]);
  }
}
