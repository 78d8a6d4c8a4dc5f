import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The devices items saw each member act from (the hash of the gateway's device cookie, RpcMeta.device) when posting
 * and claiming: a pickup between two accounts seen on one device does not count towards impact
 * (docs/product-rules.md, "Impact"), so the ledger learns a fourth reason.
 */
export class MemberDevices1764400000393 implements MigrationInterface {
  name = 'MemberDevices1764400000393';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE items.member_devices (
        user_id uuid NOT NULL,
        device_hash text NOT NULL CHECK (device_hash ~ '^[0-9a-f]{64}$'),
        first_seen timestamptz NOT NULL DEFAULT now(),
        last_seen timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, device_hash)
      )`);
    await runner.query(`CREATE INDEX member_devices_device ON items.member_devices (device_hash)`);
    await runner.query(`ALTER TABLE items.impact_pickups DROP CONSTRAINT impact_pickups_not_counted_because_check`);
    await runner.query(`
      ALTER TABLE items.impact_pickups ADD CONSTRAINT impact_pickups_not_counted_because_check
        CHECK (not_counted_because IN ('own_item', 'shared_device', 'account_newer_than_post', 'pair_limit'))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE items.impact_pickups DROP CONSTRAINT impact_pickups_not_counted_because_check`);
    await runner.query(`
      ALTER TABLE items.impact_pickups ADD CONSTRAINT impact_pickups_not_counted_because_check
        CHECK (not_counted_because IN ('own_item', 'account_newer_than_post', 'pair_limit'))`);
    await runner.query(`DROP TABLE items.member_devices`);
  }
}
