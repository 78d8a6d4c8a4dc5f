import { Injectable } from '@nestjs/common';
import { Position, SubscriptionTier } from '@curbside/contracts';
import { DataSource, EntityManager } from 'typeorm';

/** A member's alert settings as of one version. */
export interface MemberSettings {
  userId: string;
  flags: Record<string, boolean>;
  radiusMiles: number;
  tier: SubscriptionTier;
  version: number;
  /** 'off', 'HH:MM-HH:MM', or null for the default. */
  quietHours: string | null;
}

/**
 * What the notifications service keeps of each member: their newest settings (what texts and live streams go by;
 * the versions that decide alerts are AlertsRepository's) and their last reported position.
 */
@Injectable()
export class MembersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Writes the member's settings unless a newer version is there already. */
  async mirror(manager: EntityManager, member: MemberSettings): Promise<void> {
    await manager.query(
      `INSERT INTO notifications.members (user_id, flags, radius_miles, tier, version, quiet_hours) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE SET flags = EXCLUDED.flags, radius_miles = EXCLUDED.radius_miles, tier = EXCLUDED.tier, version = EXCLUDED.version,
         quiet_hours = EXCLUDED.quiet_hours
       WHERE members.version < EXCLUDED.version`,
      [member.userId, JSON.stringify(member.flags), member.radiusMiles, member.tier, member.version, member.quietHours],
    );
  }

  /** The member's latest reported position and when it was reported, or null. */
  async lastPosition(userId: string): Promise<{ lat: number; lng: number; reportedAt: Date } | null> {
    const [row]: { lat: number; lng: number; reported_at: Date }[] = await this.dataSource.query(
      `SELECT lat, lng, reported_at FROM notifications.positions WHERE user_id = $1`,
      [userId],
    );
    return row ? { lat: Number(row.lat), lng: Number(row.lng), reportedAt: row.reported_at } : null;
  }

  /** Keeps the member's latest position (the one nearby alerts are decided by), with when it was reported. */
  async reportPosition(userId: string, position: Position): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO notifications.positions (user_id, lat, lng, reported_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (user_id) DO UPDATE SET lat = EXCLUDED.lat, lng = EXCLUDED.lng, reported_at = now()`,
      [userId, position.lat, position.lng],
    );
  }
}
