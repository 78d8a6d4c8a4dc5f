import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** The devices (hashes of the gateway's device cookie) items saw each member post or claim from. */
@Injectable()
export class MemberDevicesRepository {
  async note(manager: EntityManager, userId: string, deviceHash: string): Promise<void> {
    await manager.query(
      `INSERT INTO items.member_devices (user_id, device_hash) VALUES ($1, $2)
       ON CONFLICT (user_id, device_hash) DO UPDATE SET last_seen = now()`,
      [userId, deviceHash],
    );
  }

  /** Whether the two members were ever seen on one device. */
  async shareDevice(manager: EntityManager, a: string, b: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM items.member_devices x JOIN items.member_devices y ON y.device_hash = x.device_hash AND y.user_id = $2
       WHERE x.user_id = $1 LIMIT 1`,
      [a, b],
    );
    return rows.length > 0;
  }
}
