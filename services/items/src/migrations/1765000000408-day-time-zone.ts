import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The time zone a member's days are counted in for the ten paid posts a day (docs/product-rules.md, Points): the zone
 * of their first post, kept in `posters.day_time_zone` and sent with every item.posted as `posterTimeZone`. Counted by
 * each item's own zone, posts placed in far-apart zones had two or three local days open at once. Members who posted
 * before this keep the zone of their earliest post.
 */
export class DayTimeZone1765000000408 implements MigrationInterface {
  name = 'DayTimeZone1765000000408';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE items.posters ADD COLUMN day_time_zone text`);
    await runner.query(
      `UPDATE items.posters p SET day_time_zone = first.time_zone
       FROM (SELECT DISTINCT ON (poster_id) poster_id, time_zone FROM items.items ORDER BY poster_id, created_at, id) first
       WHERE first.poster_id = p.user_id`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE items.posters DROP COLUMN day_time_zone`);
  }
}
