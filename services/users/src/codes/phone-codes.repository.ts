import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { affectedCount } from '@curbside/platform';
import { CodePurpose, PhoneCodeEntity } from './phone-code.entity';

/**
 * What a number was sent in the last hour: by this requester (count, newest), by this device (count) and by
 * everybody (count). A code that
 * will be texted counts only the codes that were (`texted`), so codes a stranger asked for and nobody sent cannot use
 * up the number's ceiling; one that will not counts every code, so its answers are the same as for a texted number.
 */
export interface RecentSends {
  mine: number;
  /** Asked for by the asking browser (RpcMeta.device), on whatever network. */
  ofDevice: number;
  all: number;
  newest: Date | null;
}

/** The phone_codes table; every method runs in the caller's transaction. */
@Injectable()
export class PhoneCodesRepository {
  async recentSends(manager: EntityManager, phone: string, requester: string, device: string, texted: boolean): Promise<RecentSends> {
    const [sends]: RecentSends[] = await manager.query(
      `SELECT count(*) FILTER (WHERE requester = $2)::int AS mine, count(*) FILTER (WHERE texted OR NOT $4)::int AS all,
              count(*) FILTER (WHERE device = $3 AND $3 <> '')::int AS "ofDevice", max(created_at) FILTER (WHERE requester = $2) AS newest
       FROM users.phone_codes WHERE phone = $1 AND created_at > now() - interval '1 hour'`,
      [phone, requester, device, texted],
    );
    return sends;
  }

  /**
   * Codes texted in the last hour to any number and when the oldest of them was, with the budget's lock taken until
   * the transaction ends: two requests at once never both take the last text of the hour.
   */
  async textedInLastHour(manager: EntityManager): Promise<{ count: number; oldest: Date | null }> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('users.phone-code-texts'))`);
    const [row]: { count: number; oldest: Date | null }[] = await manager.query(
      `SELECT count(*)::int AS count, min(created_at) AS oldest FROM users.phone_codes WHERE texted AND created_at > now() - interval '1 hour'`,
    );
    return row;
  }

  /** Ends the requester's live codes of this number and purpose (a newer one replaces them). */
  async endLiveCodesOf(manager: EntityManager, phone: string, purpose: CodePurpose, requester: string): Promise<void> {
    await manager.query(`UPDATE users.phone_codes SET dead_at = now() WHERE phone = $1 AND purpose = $2 AND requester = $3 AND dead_at IS NULL`, [
      phone,
      purpose,
      requester,
    ]);
  }

  async insert(manager: EntityManager, code: PhoneCodeEntity): Promise<void> {
    await manager.insert(PhoneCodeEntity, code);
  }

  /**
   * The number's live codes for this purpose that this device asked for, newest first, locked until the caller's
   * transaction ends.
   */
  async lockLive(manager: EntityManager, phone: string, purpose: CodePurpose, device: string): Promise<PhoneCodeEntity[]> {
    return manager
      .createQueryBuilder(PhoneCodeEntity, 'c')
      .where('c.phone = :phone AND c.purpose = :purpose AND c.device = :device AND c.dead_at IS NULL', { phone, purpose, device })
      .orderBy('c.created_at', 'DESC')
      .setLock('pessimistic_write')
      .getMany();
  }

  async markDead(manager: EntityManager, id: string): Promise<void> {
    await manager.update(PhoneCodeEntity, { id }, { deadAt: new Date() });
  }

  /** Stores a code's count of wrong tries, and ends it when `dead`. */
  async recordTries(manager: EntityManager, id: string, attempts: number, dead: boolean): Promise<void> {
    await manager.update(PhoneCodeEntity, { id }, { attempts, deadAt: dead ? new Date() : null });
  }

  /** Ends the code if it is still live; false when another transaction already did. */
  async useUp(manager: EntityManager, id: string): Promise<boolean> {
    const affected = await affectedCount(manager, `UPDATE users.phone_codes SET dead_at = now() WHERE id = $1 AND dead_at IS NULL`, [id]);
    return affected === 1;
  }

  /** Notes that this browser typed a right code for the number (users.phone_devices, migration 1765100000109). */
  async noteProvenDevice(manager: EntityManager, phone: string, device: string): Promise<void> {
    await manager.query(`INSERT INTO users.phone_devices (phone, device) VALUES ($1, $2) ON CONFLICT (phone, device) DO UPDATE SET proven_at = now()`, [
      phone,
      device,
    ]);
  }

  /** Whether this browser typed a right code for the number within the last `days`. */
  async provenDevice(manager: EntityManager, phone: string, device: string, days: number): Promise<boolean> {
    const rows = await manager.query(`SELECT 1 FROM users.phone_devices WHERE phone = $1 AND device = $2 AND proven_at > now() - make_interval(days => $3)`, [
      phone,
      device,
      days,
    ]);
    return rows.length > 0;
  }
}
