import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The day's votes from established members (verified, or with an account over a day old: the rule reports follow),
 * beside every vote of the day (`vote_count`, which cards show). Top Finds ranks by these and the voting prompt to
 * neighbours counts these, so accounts made in a minute, which cost nothing, cannot buy the list's order nor alert a
 * neighbourhood. Existing items start at their day's count (their voters were not told apart).
 */
export class CountedVotes1765000000411 implements MigrationInterface {
  name = 'CountedVotes1765000000411';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE items.items ADD COLUMN counted_votes integer NOT NULL DEFAULT 0`);
    await runner.query(`UPDATE items.items SET counted_votes = vote_count WHERE vote_count > 0`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE items.items DROP COLUMN counted_votes`);
  }
}
