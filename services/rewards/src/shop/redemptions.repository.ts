import { Injectable } from '@nestjs/common';
import { DeliveryKind, PostalAddress, RedemptionStatus, RewardCategory } from '@curbside/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { affectedCount, changedRows } from '@curbside/platform';

/** A reward of the shop's catalogue, with a donation's total so far. */
export interface CatalogueRow {
  id: string;
  name: string;
  description: string;
  icon: string;
  category: RewardCategory;
  points_cost: number;
  limit_per_user: number | null;
  delivery: DeliveryKind;
  donation_unit_one: string | null;
  donation_unit_many: string | null;
  given: number;
}

/** A redemption with its reward's name and what delivering it needs, while kept. */
export interface RedemptionRow {
  id: string;
  user_id: string;
  reward_id: string;
  reward_name: string;
  category: RewardCategory;
  points_cost: number;
  created_at: Date;
  status: RedemptionStatus;
  closed_at: Date | null;
  cancel_reason: string | null;
  address: PostalAddress | null;
  email: string | null;
  username: string | null;
}

const CATALOGUE_COLUMNS = `c.id, c.name, c.description, c.icon, c.category, c.points_cost, c.limit_per_user, c.delivery, c.donation_unit_one, c.donation_unit_many, c.given`;
const REDEMPTION_COLUMNS = `r.id, r.user_id, r.reward_id, c.name AS reward_name, c.category, r.points_cost, r.created_at, r.status, r.closed_at, r.cancel_reason,
  d.address, d.email, m.username`;
const REDEMPTION_FROM = `rewards.redemptions r JOIN rewards.catalogue c ON c.id = r.reward_id
  LEFT JOIN rewards.redemption_deliveries d ON d.redemption_id = r.id LEFT JOIN rewards.members m ON m.user_id = r.user_id`;

/** How many open redemptions the fulfilment list shows at once (oldest first: the next ones come as these close). */
export const FULFILMENT_PAGE = 200;

/** The shop's catalogue, the rewards members redeemed from it, and their fulfilment. */
@Injectable()
export class RedemptionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Perks, then merchandise, then donations, each in its own order; a donation with how often it was given. */
  async catalogue(): Promise<CatalogueRow[]> {
    return this.dataSource.query(
      `SELECT ${CATALOGUE_COLUMNS} FROM rewards.catalogue c ORDER BY array_position(ARRAY['perks', 'merchandise', 'donations'], c.category), c.sort_order`,
    );
  }

  async reward(rewardId: string, manager: EntityManager = this.dataSource.manager): Promise<CatalogueRow | undefined> {
    const [reward]: CatalogueRow[] = await manager.query(`SELECT ${CATALOGUE_COLUMNS} FROM rewards.catalogue c WHERE c.id = $1`, [rewardId]);
    return reward;
  }

  /** One more of this donation given, in the redemption's transaction (its row lock: donations of it commit in turn). */
  async countDonation(manager: EntityManager, rewardId: string): Promise<void> {
    await manager.query(`UPDATE rewards.catalogue SET given = given + 1 WHERE id = $1 AND category = 'donations'`, [rewardId]);
  }

  /** The member's redemptions, newest first. */
  async ofMember(userId: string): Promise<RedemptionRow[]> {
    return this.dataSource.query(`SELECT ${REDEMPTION_COLUMNS} FROM ${REDEMPTION_FROM} WHERE r.user_id = $1 ORDER BY r.created_at DESC, r.id`, [userId]);
  }

  /** Redemptions still to send, oldest first. */
  async open(limit = FULFILMENT_PAGE): Promise<RedemptionRow[]> {
    return this.dataSource.query(`SELECT ${REDEMPTION_COLUMNS} FROM ${REDEMPTION_FROM} WHERE r.status = 'requested' ORDER BY r.created_at, r.id LIMIT $1`, [
      limit,
    ]);
  }

  async find(manager: EntityManager, redemptionId: string): Promise<RedemptionRow | undefined> {
    const [row]: RedemptionRow[] = await manager.query(`SELECT ${REDEMPTION_COLUMNS} FROM ${REDEMPTION_FROM} WHERE r.id = $1`, [redemptionId]);
    return row;
  }

  /** How often the member redeemed this reward and kept it (a cancelled one gave its points back), as the caller's transaction sees it. */
  async count(manager: EntityManager, userId: string, rewardId: string): Promise<number> {
    const [{ n }]: { n: number }[] = await manager.query(
      `SELECT count(*)::int AS n FROM rewards.redemptions WHERE user_id = $1 AND reward_id = $2 AND status <> 'cancelled'`,
      [userId, rewardId],
    );
    return n;
  }

  async add(
    manager: EntityManager,
    redemption: { id: string; userId: string; rewardId: string; pointsCost: number; status: RedemptionStatus; address?: PostalAddress; email?: string },
  ): Promise<void> {
    const fulfilled = redemption.status === 'fulfilled';
    await manager.query(
      `INSERT INTO rewards.redemptions (id, user_id, reward_id, points_cost, status, closed_at, decided_by)
       VALUES ($1, $2, $3, $4, $5, CASE WHEN $6 THEN now() END, CASE WHEN $6 THEN 'redemption' END)`,
      [redemption.id, redemption.userId, redemption.rewardId, redemption.pointsCost, redemption.status, fulfilled],
    );
    if (redemption.address || redemption.email) {
      await manager.query(`INSERT INTO rewards.redemption_deliveries (redemption_id, address, email) VALUES ($1, $2, $3)`, [
        redemption.id,
        redemption.address ? JSON.stringify(redemption.address) : null,
        redemption.email ?? null,
      ]);
    }
  }

  /**
   * Closes a requested redemption: a conditional update, so of two decisions at once the second waits for the first's
   * row lock, then finds it closed and changes nothing. Undefined when it was not open (or does not exist).
   */
  async close(
    manager: EntityManager,
    redemptionId: string,
    decision: { status: 'fulfilled' | 'cancelled'; reason: string | null; decidedBy: string },
  ): Promise<{ user_id: string; points_cost: number } | undefined> {
    const rows = await changedRows<{ user_id: string; points_cost: number }>(
      manager,
      `UPDATE rewards.redemptions SET status = $2, closed_at = now(), cancel_reason = $3, decided_by = $4
       WHERE id = $1 AND status = 'requested' RETURNING user_id, points_cost`,
      [redemptionId, decision.status, decision.reason, decision.decidedBy],
    );
    return rows[0];
  }

  /** Erases the delivery details of redemptions closed at or before `closedBy`; answers how many. */
  async eraseDeliveries(manager: EntityManager, closedBy: Date, limit: number): Promise<number> {
    const erased = await affectedCount(
      manager,
      `DELETE FROM rewards.redemption_deliveries d WHERE d.redemption_id IN (
         SELECT d2.redemption_id FROM rewards.redemption_deliveries d2 JOIN rewards.redemptions r ON r.id = d2.redemption_id
         WHERE r.status <> 'requested' AND r.closed_at <= $1 LIMIT $2 FOR UPDATE OF d2 SKIP LOCKED)
       RETURNING d.redemption_id`,
      [closedBy, limit],
    );
    return erased;
  }
}
