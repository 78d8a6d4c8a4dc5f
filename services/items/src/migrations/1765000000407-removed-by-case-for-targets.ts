import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A removal of one item, comment or wanted post now names its case in `removed_by_case`, as a member's removal did
 * (migration 1764600000400): an overturned appeal brings back what that decision took down, and a removal decided on
 * content already gone (deleted by its poster, or taken down as "not there") cannot be appealed into bringing it back.
 * Removals decided before this: the content removed within a second of its case's decision was taken down by it.
 */
export class RemovedByCaseForTargets1765000000407 implements MigrationInterface {
  name = 'RemovedByCaseForTargets1765000000407';

  async up(runner: QueryRunner): Promise<void> {
    for (const [table, type, removed] of [
      ['items', 'item', `t.status = 'removed'`],
      ['comments', 'comment', 't.removed_at IS NOT NULL'],
      ['saved_searches', 'wanted', 't.removed_at IS NOT NULL'],
    ] as const) {
      await runner.query(
        `UPDATE items.${table} t SET removed_by_case = c.id FROM items.moderation_cases c
         WHERE c.target_type = '${type}' AND c.target_id = t.id AND c.decision = 'remove' AND t.removed_by_case IS NULL AND ${removed}
           AND t.removed_at BETWEEN c.decided_at - interval '1 second' AND c.decided_at + interval '1 second'`,
      );
    }
  }

  async down(): Promise<void> {
    // The notes stay: they say what the decisions took down.
  }
}
