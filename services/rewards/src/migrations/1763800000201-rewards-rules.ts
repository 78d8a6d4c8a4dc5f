import { MigrationInterface, QueryRunner } from 'typeorm';

/** The catalogue of the points shop: one perk affordable within a first week of ordinary use (50 points). */
const CATALOGUE: { name: string; description: string; icon: string; category: string; cost: number; limit: number | null }[] = [
  {
    name: 'Spotlight Post',
    description: 'Your next post is pinned to the top of nearby feeds for 24 hours.',
    icon: 'sparkles',
    category: 'perks',
    cost: 50,
    limit: 5,
  },
  {
    name: 'Extra Reservation Time',
    description: 'Your next first-dibs hold lasts 60 minutes instead of 30.',
    icon: 'clock',
    category: 'perks',
    cost: 75,
    limit: 3,
  },
  { name: 'Profile Frame', description: 'A golden frame around your profile picture, for good.', icon: 'frame', category: 'perks', cost: 200, limit: 1 },
  { name: 'Curbside Sticker Pack', description: 'Five weatherproof stickers, posted to you.', icon: 'sticker', category: 'merchandise', cost: 150, limit: 2 },
  {
    name: '$5 Virtual Gift Card',
    description: 'A $5 gift card for a local hardware store, sent by e-mail.',
    icon: 'gift',
    category: 'merchandise',
    cost: 500,
    limit: 3,
  },
  { name: 'Curbside Tote Bag', description: 'A sturdy canvas tote for your curbside finds.', icon: 'bag', category: 'merchandise', cost: 600, limit: 1 },
  {
    name: 'Plant a Tree',
    description: 'We plant a tree with a reforestation partner in your name.',
    icon: 'tree',
    category: 'donations',
    cost: 100,
    limit: null,
  },
  {
    name: 'Donate a Meal',
    description: 'One meal for a neighbour in need through a local food bank.',
    icon: 'meal',
    category: 'donations',
    cost: 75,
    limit: null,
  },
  {
    name: 'Support a Repair Café',
    description: 'Helps a volunteer repair café fix things instead of binning them.',
    icon: 'wrench',
    category: 'donations',
    cost: 250,
    limit: null,
  },
];

export class RewardsRules1763800000201 implements MigrationInterface {
  name = 'RewardsRules1763800000201';

  async up(runner: QueryRunner): Promise<void> {
    // Each entry names its cause; an item's post credit and its reversal are each unique per item.
    await runner.query(`ALTER TABLE rewards.ledger_entries ADD COLUMN item_id uuid, ADD COLUMN local_date date, ADD COLUMN cause_at timestamptz`);
    await runner.query(`CREATE UNIQUE INDEX ledger_entries_item_reason ON rewards.ledger_entries (item_id, reason) WHERE item_id IS NOT NULL`);
    await runner.query(`
      ALTER TABLE rewards.balances
        ADD COLUMN earned integer NOT NULL DEFAULT 0 CHECK (earned >= 0),
        ADD COLUMN badges text[] NOT NULL DEFAULT '{}'`);
    await runner.query(`UPDATE rewards.balances SET earned = points`);
    await runner.query(`CREATE INDEX balances_leaderboard ON rewards.balances (earned DESC, user_id DESC)`);
    await runner.query(`ALTER TABLE rewards.user_tiers RENAME TO members`);
    await runner.query(`ALTER TABLE rewards.members ADD COLUMN username text, ADD COLUMN scout_mode boolean NOT NULL DEFAULT false`);
    await runner.query(`
      CREATE TABLE rewards.user_stats (
        user_id uuid PRIMARY KEY,
        posts integer NOT NULL DEFAULT 0,
        scout_finds integer NOT NULL DEFAULT 0,
        helped_claims integer NOT NULL DEFAULT 0
      )`);
    await runner.query(`CREATE TABLE rewards.claimed_from (user_id uuid NOT NULL, poster_id uuid NOT NULL, PRIMARY KEY (user_id, poster_id))`);
    await runner.query(`
      CREATE TABLE rewards.post_days (
        user_id uuid NOT NULL,
        local_date date NOT NULL,
        credited integer NOT NULL CHECK (credited >= 0),
        PRIMARY KEY (user_id, local_date)
      )`);
    await runner.query(`
      CREATE TABLE rewards.user_badges (
        user_id uuid NOT NULL,
        badge text NOT NULL,
        source_event_id uuid NOT NULL,
        earned_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, badge)
      )`);
    await runner.query(`
      CREATE TABLE rewards.catalogue (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL UNIQUE,
        description text NOT NULL,
        icon text NOT NULL,
        category text NOT NULL CHECK (category IN ('perks', 'merchandise', 'donations')),
        points_cost integer NOT NULL CHECK (points_cost > 0),
        limit_per_user integer CHECK (limit_per_user > 0),
        sort_order integer NOT NULL
      )`);
    for (const [i, r] of CATALOGUE.entries()) {
      await runner.query(
        `INSERT INTO rewards.catalogue (name, description, icon, category, points_cost, limit_per_user, sort_order) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [r.name, r.description, r.icon, r.category, r.cost, r.limit, i],
      );
    }
    await runner.query(`
      CREATE TABLE rewards.redemptions (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        reward_id uuid NOT NULL REFERENCES rewards.catalogue (id),
        points_cost integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX redemptions_user ON rewards.redemptions (user_id, reward_id)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE rewards.redemptions`);
    await runner.query(`DROP TABLE rewards.catalogue`);
    await runner.query(`DROP TABLE rewards.user_badges`);
    await runner.query(`DROP TABLE rewards.post_days`);
    await runner.query(`DROP TABLE rewards.claimed_from`);
    await runner.query(`DROP TABLE rewards.user_stats`);
    await runner.query(`ALTER TABLE rewards.members DROP COLUMN username, DROP COLUMN scout_mode`);
    await runner.query(`ALTER TABLE rewards.members RENAME TO user_tiers`);
    await runner.query(`DROP INDEX rewards.balances_leaderboard`);
    await runner.query(`ALTER TABLE rewards.balances DROP COLUMN earned, DROP COLUMN badges`);
    await runner.query(`DROP INDEX rewards.ledger_entries_item_reason`);
    await runner.query(`ALTER TABLE rewards.ledger_entries DROP COLUMN item_id, DROP COLUMN local_date, DROP COLUMN cause_at`);
  }
}
