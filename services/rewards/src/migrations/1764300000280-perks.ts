import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Perks that do something (docs/product-rules.md, "Perks"): the catalogue says which perk a reward is, a redemption
 * remembers when it was used (and on which post, until when, for a spotlight). The shop's texts say what each does.
 */
export class Perks1764300000280 implements MigrationInterface {
  name = 'Perks1764300000280';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE rewards.catalogue ADD COLUMN perk text UNIQUE CHECK (perk IN ('spotlight', 'extra_reservation_time', 'profile_frame'))`);
    const perks: [string, string, string][] = [
      ['Spotlight Post', 'spotlight', 'Choose one of your available posts: it is shown first in nearby feeds and on the map for 24 hours, labelled Spotlight.'],
      ['Extra Reservation Time', 'extra_reservation_time', 'Your next hold lasts 60 minutes instead of 30, also when it passes to you from a line.'],
      ['Profile Frame', 'profile_frame', 'A golden frame around your profile picture wherever it appears, for good.'],
    ];
    for (const [name, perk, description] of perks) {
      await runner.query(`UPDATE rewards.catalogue SET perk = $2, description = $3 WHERE name = $1`, [name, perk, description]);
    }
    await runner.query(`ALTER TABLE rewards.redemptions ADD COLUMN used_at timestamptz, ADD COLUMN item_id uuid, ADD COLUMN active_until timestamptz`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE rewards.redemptions DROP COLUMN used_at, DROP COLUMN item_id, DROP COLUMN active_until`);
    await runner.query(`ALTER TABLE rewards.catalogue DROP COLUMN perk`);
  }
}
