import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rewards that are delivered (docs/product-rules.md, "Fulfilment"): the catalogue says what delivering each needs
 * and, for a donation, its partner's unit; a redemption has a status (requested → fulfilled, or cancelled with the
 * points given back); delivery details (a postal address, or the confirmed e-mail for the gift card) live in a table
 * of their own, erased 30 days after the redemption closes. Perks and donations need no hand: fulfilled when redeemed.
 */
export class Fulfilment1764400000290 implements MigrationInterface {
  name = 'Fulfilment1764400000290';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE rewards.catalogue
        ADD COLUMN delivery text NOT NULL DEFAULT 'none' CHECK (delivery IN ('none', 'postal', 'email')),
        ADD COLUMN donation_unit_one text,
        ADD COLUMN donation_unit_many text`);
    const goods: [string, string, string][] = [
      ['Curbside Sticker Pack', 'postal', 'Five weatherproof stickers, posted to the address you give.'],
      ['$5 Virtual Gift Card', 'email', 'A $5 gift card for a local hardware store, sent to your confirmed e-mail address.'],
      ['Curbside Tote Bag', 'postal', 'A sturdy canvas tote for your curbside finds, posted to the address you give.'],
    ];
    for (const [name, delivery, description] of goods) {
      await runner.query(`UPDATE rewards.catalogue SET delivery = $2, description = $3 WHERE name = $1`, [name, delivery, description]);
    }
    const donations: [string, string, string][] = [
      ['Plant a Tree', 'tree planted by neighbours', 'trees planted by neighbours'],
      ['Donate a Meal', 'meal given by neighbours', 'meals given by neighbours'],
      ['Support a Repair Café', 'repair café session funded by neighbours', 'repair café sessions funded by neighbours'],
    ];
    for (const [name, one, many] of donations) {
      await runner.query(`UPDATE rewards.catalogue SET donation_unit_one = $2, donation_unit_many = $3 WHERE name = $1`, [name, one, many]);
    }
    await runner.query(`
      ALTER TABLE rewards.redemptions
        ADD COLUMN status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'fulfilled', 'cancelled')),
        ADD COLUMN closed_at timestamptz,
        ADD COLUMN cancel_reason text,
        ADD COLUMN decided_by text`);
    // What was redeemed before: perks and donations were delivered at once; goods wait for an administrator.
    await runner.query(`
      UPDATE rewards.redemptions r SET status = 'fulfilled', closed_at = r.created_at, decided_by = 'redemption'
      FROM rewards.catalogue c WHERE c.id = r.reward_id AND c.delivery = 'none'`);
    await runner.query(`ALTER TABLE rewards.redemptions ADD CONSTRAINT redemptions_closed CHECK ((status = 'requested') = (closed_at IS NULL))`);
    await runner.query(`CREATE INDEX redemptions_open ON rewards.redemptions (created_at, id) WHERE status = 'requested'`);
    // The shop's donation totals count these.
    await runner.query(`CREATE INDEX redemptions_given ON rewards.redemptions (reward_id) WHERE status <> 'cancelled'`);
    await runner.query(`
      CREATE TABLE rewards.redemption_deliveries (
        redemption_id uuid PRIMARY KEY REFERENCES rewards.redemptions (id) ON DELETE CASCADE,
        address jsonb,
        email text,
        CHECK ((address IS NULL) <> (email IS NULL))
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE rewards.redemption_deliveries`);
    await runner.query(`DROP INDEX rewards.redemptions_given`);
    await runner.query(`DROP INDEX rewards.redemptions_open`);
    await runner.query(`ALTER TABLE rewards.redemptions DROP CONSTRAINT redemptions_closed`);
    await runner.query(`ALTER TABLE rewards.redemptions DROP COLUMN status, DROP COLUMN closed_at, DROP COLUMN cancel_reason, DROP COLUMN decided_by`);
    await runner.query(`ALTER TABLE rewards.catalogue DROP COLUMN delivery, DROP COLUMN donation_unit_one, DROP COLUMN donation_unit_many`);
  }
}
