import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The feed's text search (feed.query.ts, SEARCH_TEXT_SEPARATOR) reads one stored, lower-cased copy of an item's title
 * and description instead of `title ILIKE p OR description ILIKE p`: ILIKE lower-cases both columns of every row a
 * search's walk reads, and that was most of a walk's cost per row (bench/README.md, "Search text"). The copy has its
 * own trigram index, which takes the place of the description's; the title's stays for the duplicate check.
 */
export class SearchText1764700000402 implements MigrationInterface {
  name = 'SearchText1764700000402';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE items.items ADD COLUMN search_text text GENERATED ALWAYS AS (lower(title) || E'\\x1f' || lower(description)) STORED`);
    await runner.query(`CREATE INDEX items_search_text_trgm ON items.items USING gin (search_text gin_trgm_ops)`);
    await runner.query(`DROP INDEX items.items_description_trgm`);
    // The table was written anew: the planner's figures for the new column (how often a word's trigrams occur) now.
    await runner.query(`ANALYZE items.items`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE INDEX items_description_trgm ON items.items USING gin (description gin_trgm_ops)`);
    await runner.query(`ALTER TABLE items.items DROP COLUMN search_text`);
  }
}
