import { Injectable } from '@nestjs/common';
import type { EmergencyContact } from '@curbside/contracts';
import { DataSource } from 'typeorm';

/** Members' emergency contacts, one each at most. */
@Injectable()
export class EmergencyContactsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(userId: string): Promise<EmergencyContact | null> {
    const [row]: { name: string; phone: string }[] = await this.dataSource.query(`SELECT name, phone FROM users.emergency_contacts WHERE user_id = $1`, [
      userId,
    ]);
    return row ? { name: row.name, phone: row.phone } : null;
  }

  async set(userId: string, contact: EmergencyContact): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO users.emergency_contacts (user_id, name, phone) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET name = EXCLUDED.name, phone = EXCLUDED.phone, updated_at = now()`,
      [userId, contact.name, contact.phone],
    );
  }

  async remove(userId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM users.emergency_contacts WHERE user_id = $1`, [userId]);
  }
}
