import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a member's removal took down (docs/product-rules.md, Moderation): each item, comment and wanted post it removed
 * names its case in `removed_by_case`, so an overturned appeal brings back exactly that content, and nothing a
 * moderator removed on a case of its own.
 */
export class RemovedByCase1764600000400 implements MigrationInterface {
  name = 'RemovedByCase1764600000400';

  async up(runner: QueryRunner): Promise<void> {
    for (const table of ['items', 'comments', 'saved_searches']) {
      await runner.query(`ALTER TABLE items.${table} ADD COLUMN removed_by_case uuid`);
      await runner.query(`CREATE INDEX ${table}_removed_by_case ON items.${table} (removed_by_case) WHERE removed_by_case IS NOT NULL`);
    }
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['items', 'comments', 'saved_searches']) await runner.query(`ALTER TABLE items.${table} DROP COLUMN removed_by_case`);
  }
}
