import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each member's emergency contact (docs/security.md): a table of its own, so that no view or event built from
 * users.users can carry it by accident; only the member and the audited emergency lookup read it.
 */
export class EmergencyContacts1764100000610 implements MigrationInterface {
  name = 'EmergencyContacts1764100000610';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE users.emergency_contacts (
        user_id uuid PRIMARY KEY REFERENCES users.users(id) ON DELETE CASCADE,
        name text NOT NULL,
        phone text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE users.emergency_contacts`);
  }
}
