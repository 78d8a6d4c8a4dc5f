import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/**
 * The blocks read model. `isBlocked(posterId, memberId)` is the one check every act on a poster's item makes
 * (holds, claims, comments, messages, the queue): a blocked member finds the item unavailable, never "blocked".
 */
@Injectable()
export class BlocksRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Keeps the newer change of the pair: an older one arriving late changes nothing. */
  async keepNewer(manager: EntityManager, change: { blockerId: string; blockedId: string; blocked: boolean; version: number }): Promise<void> {
    await manager.query(
      `INSERT INTO items.blocks (blocker_id, blocked_id, blocked, version) VALUES ($1, $2, $3, $4)
       ON CONFLICT (blocker_id, blocked_id) DO UPDATE SET blocked = EXCLUDED.blocked, version = EXCLUDED.version
       WHERE items.blocks.version < EXCLUDED.version`,
      [change.blockerId, change.blockedId, change.blocked, change.version],
    );
  }

  /** Whether the poster blocked this member. */
  async isBlocked(posterId: string, memberId: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM items.blocks WHERE blocker_id = $1 AND blocked_id = $2 AND blocked`, [posterId, memberId]);
    return rows.length > 0;
  }

  /** Whether either of the two blocked the other: a conversation between them needs neither. */
  async eitherBlocked(a: string, b: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM items.blocks WHERE blocked AND ((blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1))`,
      [a, b],
    );
    return rows.length > 0;
  }
}
