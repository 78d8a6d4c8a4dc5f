import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { actionPoints, Events, EventPayload, PointsReason, rankForPoints, SubscriptionTier } from '@curbside/contracts';
import { Transaction } from '@curbside/platform';
import { DataSource } from 'typeorm';
import { BalanceEntity, UserTierEntity } from './ledger.entities';

export interface Credit {
  userId: string;
  reason: PointsReason;
  sourceEventId: string;
}

@Injectable()
export class LedgerService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Credits the action's points (times the user's tier multiplier) once per source event, then announces the
   * new balance, and the new rank when it changed. A repeated event adds nothing.
   */
  async credit(tx: Transaction, credit: Credit): Promise<void> {
    const tier = await this.tierOf(tx, credit.userId);
    const amount = actionPoints(credit.reason, tier);
    const entryId = randomUUID();
    const inserted: unknown[] = await tx.manager.query(
      `INSERT INTO rewards.ledger_entries (id, user_id, amount, reason, source_event_id, created_at)
       VALUES ($1, $2, $3, $4, $5, now()) ON CONFLICT (source_event_id, reason) DO NOTHING RETURNING id`,
      [entryId, credit.userId, amount, credit.reason, credit.sourceEventId],
    );
    if (inserted.length === 0) return;
    const [balance]: { points: number; version: number }[] = await tx.manager.query(
      `INSERT INTO rewards.balances (user_id, points, version) VALUES ($1, $2, 1)
       ON CONFLICT (user_id) DO UPDATE SET points = balances.points + EXCLUDED.points, version = balances.version + 1
       RETURNING points, version`,
      [credit.userId, amount],
    );
    const rank = rankForPoints(balance.points);
    tx.emit(Events.pointsAwarded, {
      userId: credit.userId,
      entryId,
      amount,
      reason: credit.reason,
      sourceEventId: credit.sourceEventId,
      balance: balance.points,
      version: balance.version,
      rank,
    });
    const before = rankForPoints(balance.points - amount);
    if (before !== rank) {
      tx.emit(Events.rankChanged, { userId: credit.userId, from: before, to: rank, points: balance.points, version: balance.version });
    }
  }

  async balance(userId: string): Promise<{ userId: string; balance: number; entries: number }> {
    const row = await this.dataSource.getRepository(BalanceEntity).findOneBy({ userId });
    return { userId, balance: row?.points ?? 0, entries: row?.version ?? 0 };
  }

  async mirrorTier(tx: Transaction, user: EventPayload<typeof Events.userUpdated>): Promise<void> {
    await tx.manager.query(
      `INSERT INTO rewards.user_tiers (user_id, tier, version) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET tier = EXCLUDED.tier, version = EXCLUDED.version
       WHERE user_tiers.version < EXCLUDED.version`,
      [user.userId, user.subscriptionTier, user.version],
    );
  }

  private async tierOf(tx: Transaction, userId: string): Promise<SubscriptionTier> {
    const row = await tx.manager.findOneBy(UserTierEntity, { userId });
    return row?.tier ?? 'free';
  }
}
