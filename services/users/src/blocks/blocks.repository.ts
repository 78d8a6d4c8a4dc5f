import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** Blocks between members: one row per pair whose version grows with every change. */
@Injectable()
export class BlocksRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Sets the pair's state and returns its new version (a change to the same state still counts one). */
  async set(manager: EntityManager, blockerId: string, blockedId: string, blocked: boolean): Promise<number> {
    const [row]: { version: string }[] = await manager.query(
      `INSERT INTO users.blocks (blocker_id, blocked_id, blocked, version) VALUES ($1, $2, $3, 1)
       ON CONFLICT (blocker_id, blocked_id) DO UPDATE SET blocked = EXCLUDED.blocked, version = users.blocks.version + 1, changed_at = now()
       RETURNING version`,
      [blockerId, blockedId, blocked],
    );
    return Number(row.version);
  }

  /** Whether the pair has a row at all (an unblock of a member never blocked changes nothing). */
  async exists(manager: EntityManager, blockerId: string, blockedId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM users.blocks WHERE blocker_id = $1 AND blocked_id = $2`, [blockerId, blockedId]);
    return rows.length > 0;
  }

  async listBlocked(
    blockerId: string,
  ): Promise<{ user_id: string; username: string; first_name: string | null; verified_name: string | null; use_generated_name: boolean; changed_at: Date }[]> {
    return this.dataSource.query(
      `SELECT b.blocked_id AS user_id, u.username, u.first_name, u.verified_name, u.use_generated_name, b.changed_at FROM users.blocks b JOIN users.users u ON u.id = b.blocked_id
        WHERE b.blocker_id = $1 AND b.blocked ORDER BY b.changed_at DESC, b.blocked_id`,
      [blockerId],
    );
  }
}
