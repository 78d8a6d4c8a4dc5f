import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Handover messages: one thread per item and member (the poster is the other side), meet-at proposals, the
 * scam patterns a message hit (for moderators), and an index to count a member's messages of the last hour.
 */
export class HandoverMessages1763800000340 implements MigrationInterface {
  name = 'HandoverMessages1763800000340';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE items.handover_messages (
        id uuid PRIMARY KEY,
        item_id uuid NOT NULL REFERENCES items.items(id) ON DELETE CASCADE,
        member_id uuid NOT NULL,
        author_id uuid NOT NULL,
        recipient_id uuid NOT NULL,
        body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 1000),
        meet_time timestamptz,
        meet_place text,
        meet_status text CHECK (meet_status IN ('proposed', 'accepted', 'declined')),
        scam_flags text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((meet_time IS NULL) = (meet_status IS NULL) AND (meet_time IS NULL) = (meet_place IS NULL))
      )`);
    await runner.query(`CREATE INDEX handover_messages_thread ON items.handover_messages (item_id, member_id, created_at)`);
    await runner.query(`CREATE INDEX handover_messages_author_hour ON items.handover_messages (author_id, created_at)`);
    await runner.query(`CREATE INDEX handover_messages_flagged ON items.handover_messages (created_at) WHERE scam_flags <> '{}'`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE items.handover_messages`);
  }
}
