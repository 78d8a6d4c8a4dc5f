import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { CaseStatus, ContentFlagView, EventPayload, Events, ModerationDecision, ModerationTargetType } from '@curbside/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { affectedCount, changedRows } from '@curbside/platform';
import { OVERRULED_WINDOW_DAYS, WeighedReport } from './escalation.rules';

export interface ModerationTarget {
  type: ModerationTargetType;
  id: string;
}

/** What a case is about, as the database finds it now. */
export interface TargetFacts {
  subjectUserId: string;
  itemId: string | null;
  /** The item's title, the comment's or message's first words, the member's name. */
  title: string;
  /** Gone already (deleted, removed): nothing to review. */
  gone: boolean;
  inReview: boolean;
}

export interface CaseRow {
  id: string;
  target_type: ModerationTargetType;
  target_id: string;
  item_id: string | null;
  subject_user_id: string;
  status: CaseStatus;
  hidden: boolean;
  opened_by: 'reports' | 'checks';
  flags: ContentFlagView[];
  opened_at: Date;
  decision: ModerationDecision | null;
  decision_reason: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  appeal_reason: string | null;
  appealed_at: Date | null;
  appeal_outcome: 'upheld' | 'overturned' | null;
  appeal_reply: string | null;
  appeal_decided_by: string | null;
  appeal_decided_at: Date | null;
}

export interface CaseReportRow {
  id: string;
  reporter_id: string;
  reporter_name: string | null;
  report_type: string;
  reason: string;
  details: string | null;
  created_at: Date;
  verified: boolean;
  account_created_at: Date;
  overruled_recently: number;
  earlier_today: number;
  blocked_by_owner: boolean;
}

export interface CaseContentRow {
  title: string | null;
  text: string;
  category: string | null;
  image_url: string | null;
  status: string | null;
}

const EXCERPT = 60;

/** Cases, reports as escalation weighs them, hiding and showing content, and the append-only moderator log. */
@Injectable()
export class ModerationRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The target's poster and item, its row locked until the transaction ends (reports and decisions on it queue up). */
  async lockTarget(manager: EntityManager, target: ModerationTarget): Promise<TargetFacts | null> {
    const sql: Record<ModerationTargetType, string> = {
      item: `SELECT poster_id AS subject, id AS item_id, title, status = 'removed' AS gone, in_review FROM items.items WHERE id = $1 FOR UPDATE`,
      comment: `SELECT user_id AS subject, item_id, left(content, ${EXCERPT}) AS title, deleted_at IS NOT NULL AS gone, in_review FROM items.comments WHERE id = $1 FOR UPDATE`,
      message: `SELECT author_id AS subject, item_id, left(body, ${EXCERPT}) AS title, false AS gone, in_review FROM items.handover_messages WHERE id = $1 FOR UPDATE`,
      member: `SELECT user_id AS subject, NULL::uuid AS item_id, username AS title, false AS gone, in_review FROM items.posters WHERE user_id = $1 FOR UPDATE`,
      // A saved search that is not public is nobody else's business: nothing to report or check.
      wanted: `SELECT user_id AS subject, NULL::uuid AS item_id, left(query, ${EXCERPT}) AS title, removed_at IS NOT NULL OR NOT is_public AS gone, in_review
               FROM items.saved_searches WHERE id = $1 FOR UPDATE`,
    };
    const [row]: { subject: string; item_id: string | null; title: string; gone: boolean; in_review: boolean }[] = await manager.query(sql[target.type], [
      target.id,
    ]);
    return row ? { subjectUserId: row.subject, itemId: row.item_id, title: row.title, gone: row.gone, inReview: row.in_review } : null;
  }

  /**
   * Puts the content in pending review (hidden from everyone but its poster) or takes it out. An item held when it is
   * hidden is held no more: its holder can no longer reach it, so the hold ends as nobody's fault ('gone', never a
   * no-show) and goes to nobody in line; out of review, the item is available again to whoever comes first.
   */
  async setInReview(manager: EntityManager, target: ModerationTarget, inReview: boolean): Promise<void> {
    if (target.type === 'item') {
      await manager.query(
        inReview
          ? `WITH ended AS (UPDATE items.holds SET ended_at = now(), outcome = 'gone' WHERE item_id = $1 AND ended_at IS NULL RETURNING item_id)
             UPDATE items.items SET in_review = true, listed = false,
               status = CASE WHEN status = 'first_dibs' THEN 'available' ELSE status END,
               reserved_by_id = CASE WHEN status = 'first_dibs' THEN NULL ELSE reserved_by_id END,
               reserved_until = CASE WHEN status = 'first_dibs' THEN NULL ELSE reserved_until END
             WHERE id = $1`
          : // Back as it would be had it never been hidden: listed while live, expired if its time ran out meanwhile.
            `UPDATE items.items SET in_review = false,
               status = CASE WHEN status = 'available' AND expires_at <= now() THEN 'expired' ELSE status END,
               listed = status IN ('available', 'first_dibs', 'claimed') AND expires_at > now()
             WHERE id = $1 AND status <> 'removed'`,
        [target.id],
      );
      return;
    }
    const table = { comment: 'items.comments', message: 'items.handover_messages', member: 'items.posters', wanted: 'items.saved_searches' }[target.type];
    const key = target.type === 'member' ? 'user_id' : 'id';
    await manager.query(`UPDATE ${table} SET in_review = $2 WHERE ${key} = $1`, [target.id, inReview]);
  }

  /** Clears the "held before anyone heard of it" mark; true when it was set (the content is to be announced now). */
  async takeUnannounced(manager: EntityManager, target: ModerationTarget): Promise<boolean> {
    if (target.type !== 'item' && target.type !== 'comment') return false;
    const table = target.type === 'item' ? 'items.items' : 'items.comments';
    const taken = await affectedCount(manager, `UPDATE ${table} SET unannounced = false WHERE id = $1 AND unannounced`, [target.id]);
    return taken > 0;
  }

  /** comment.posted for a comment held before anyone heard of it. */
  async commentEvent(manager: EntityManager, commentId: string): Promise<EventPayload<typeof Events.commentPosted> | null> {
    const [row]: { id: string; item_id: string; poster_id: string; user_id: string; title: string }[] = await manager.query(
      `SELECT c.id, c.item_id, i.poster_id, c.user_id, i.title FROM items.comments c JOIN items.items i ON i.id = c.item_id WHERE c.id = $1 AND c.deleted_at IS NULL`,
      [commentId],
    );
    return row ? { commentId: row.id, itemId: row.item_id, posterId: row.poster_id, authorId: row.user_id, title: row.title } : null;
  }

  /** handover.message for a message held before its recipient heard of it. */
  async messageEvent(manager: EntityManager, messageId: string): Promise<EventPayload<typeof Events.handoverMessage> | null> {
    const [row]: {
      id: string;
      item_id: string;
      title: string;
      poster_id: string;
      member_id: string;
      author_id: string;
      recipient_id: string;
      flagged: boolean;
    }[] = await manager.query(
      `SELECT m.id, m.item_id, i.title, i.poster_id, m.member_id, m.author_id, m.recipient_id, m.scam_flags <> '{}' AS flagged
         FROM items.handover_messages m JOIN items.items i ON i.id = m.item_id WHERE m.id = $1`,
      [messageId],
    );
    return row
      ? {
          messageId: row.id,
          itemId: row.item_id,
          title: row.title,
          posterId: row.poster_id,
          memberId: row.member_id,
          authorId: row.author_id,
          recipientId: row.recipient_id,
          kind: 'message',
          flagged: row.flagged,
        }
      : null;
  }

  /**
   * A moderator's removal of a comment: deleted for everyone, noted with its case (removedByCase). Returns its item
   * (to recount), or null when it was gone.
   */
  async removeComment(manager: EntityManager, commentId: string, caseId: string): Promise<string | null> {
    const [row] = await changedRows<{ item_id: string }>(
      manager,
      `UPDATE items.comments SET in_review = false, removed_at = now(), deleted_at = now(), removed_by_case = $2
       WHERE id = $1 AND deleted_at IS NULL RETURNING item_id`,
      [commentId, caseId],
    );
    return row?.item_id ?? null;
  }

  /** An overturned removal of a comment: live again. Returns its item (to recount), or null when it was not removed. */
  async restoreComment(manager: EntityManager, commentId: string): Promise<string | null> {
    const [row] = await changedRows<{ item_id: string }>(
      manager,
      `UPDATE items.comments SET removed_at = NULL, deleted_at = NULL, in_review = false WHERE id = $1 AND removed_at IS NOT NULL RETURNING item_id`,
      [commentId],
    );
    return row?.item_id ?? null;
  }

  /** A moderator's removal of a wanted post: no longer public (its author keeps it as a private saved search). */
  async removeWanted(manager: EntityManager, savedSearchId: string, caseId: string): Promise<void> {
    await manager.query(
      `UPDATE items.saved_searches SET in_review = false, is_public = false, removed_at = now(), removed_by_case = $2 WHERE id = $1 AND removed_at IS NULL`,
      [savedSearchId, caseId],
    );
  }

  /** A member's removal: their wanted posts are no longer public either, each noted with the case that removed it. */
  async removeWantedOf(manager: EntityManager, userId: string, caseId: string): Promise<void> {
    await manager.query(
      `UPDATE items.saved_searches SET in_review = false, is_public = false, removed_at = now(), removed_by_case = $2 WHERE user_id = $1 AND is_public`,
      [userId, caseId],
    );
  }

  /** Notes the case whose removal took the item down, for an overturned appeal to bring back (removedByCase). */
  async noteItemRemovedBy(manager: EntityManager, itemId: string, caseId: string): Promise<void> {
    await manager.query(`UPDATE items.items SET removed_by_case = $2 WHERE id = $1`, [itemId, caseId]);
  }

  /** What a case's removal took down and is removed still (a member's: all they had live): items, comments and wanted posts, as targets. */
  async removedByCase(manager: EntityManager, caseId: string): Promise<ModerationTarget[]> {
    return manager.query(
      `SELECT 'item' AS type, id FROM items.items WHERE removed_by_case = $1 AND status = 'removed'
       UNION ALL SELECT 'comment', id FROM items.comments WHERE removed_by_case = $1 AND removed_at IS NOT NULL
       UNION ALL SELECT 'wanted', id FROM items.saved_searches WHERE removed_by_case = $1 AND removed_at IS NOT NULL`,
      [caseId],
    );
  }

  /** An overturned removal of a wanted post: public again. */
  async restoreWanted(manager: EntityManager, savedSearchId: string): Promise<void> {
    await manager.query(`UPDATE items.saved_searches SET in_review = false, is_public = true, removed_at = NULL WHERE id = $1 AND removed_at IS NOT NULL`, [
      savedSearchId,
    ]);
  }

  /** An overturned removal of an item: back on the app as it would be now. */
  async restoreRemovedItem(manager: EntityManager, itemId: string): Promise<boolean> {
    const restored = await affectedCount(
      manager,
      `UPDATE items.items SET in_review = false, removed_at = NULL, reserved_by_id = NULL, reserved_until = NULL, updated_at = now(),
         status = CASE WHEN claimed_by_id IS NOT NULL THEN 'claimed' WHEN expires_at > now() THEN 'available' ELSE 'expired' END,
         listed = expires_at > now()
       WHERE id = $1 AND status = 'removed'
       RETURNING id`,
      [itemId],
    );
    return restored > 0;
  }

  /** A member's live items and comments, for the removal of a member's content. */
  async liveContentOf(manager: EntityManager, userId: string): Promise<{ items: { id: string; title: string }[]; comments: string[] }> {
    const items: { id: string; title: string }[] = await manager.query(
      `SELECT id, title FROM items.items WHERE poster_id = $1 AND status IN ('available', 'first_dibs') FOR UPDATE`,
      [userId],
    );
    const comments: { id: string }[] = await manager.query(`SELECT id FROM items.comments WHERE user_id = $1 AND deleted_at IS NULL`, [userId]);
    return { items, comments: comments.map((c) => c.id) };
  }

  /** Every report of the target still awaiting a moderator, weighed as escalation needs them. */
  async undecidedReports(manager: EntityManager, target: ModerationTarget): Promise<WeighedReport[]> {
    const rows: CaseReportRow[] = await manager.query(`${REPORT_VIEW} WHERE r.target_type = $1 AND r.target_id = $2 AND r.outcome IS NULL`, [
      target.type,
      target.id,
    ]);
    return rows.map(weighed);
  }

  /**
   * When a moderator last let the target stay, or null: a case approved or decided with a warning (both keep or bring
   * it back), or a removal overturned on appeal.
   */
  async lastRestoredAt(manager: EntityManager, target: ModerationTarget): Promise<Date | null> {
    const [row]: { at: Date | null }[] = await manager.query(
      `SELECT greatest(max(decided_at) FILTER (WHERE decision IN ('approve', 'warn')), max(appeal_decided_at) FILTER (WHERE appeal_outcome = 'overturned')) AS at
         FROM items.moderation_cases WHERE target_type = $1 AND target_id = $2`,
      [target.type, target.id],
    );
    return row?.at ? new Date(row.at) : null;
  }

  /** Whether an open case other than `caseId` keeps the target hidden (an appeal of an older case must not show it). */
  async hiddenByAnotherCase(manager: EntityManager, target: ModerationTarget, caseId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM items.moderation_cases WHERE target_type = $1 AND target_id = $2 AND status = 'open' AND hidden AND id <> $3 LIMIT 1`,
      [target.type, target.id, caseId],
    );
    return rows.length > 0;
  }

  async openCase(manager: EntityManager, target: ModerationTarget): Promise<CaseRow | null> {
    const [row]: CaseRow[] = await manager.query(`SELECT * FROM items.moderation_cases WHERE target_type = $1 AND target_id = $2 AND status = 'open'`, [
      target.type,
      target.id,
    ]);
    return row ?? null;
  }

  async addCase(
    manager: EntityManager,
    fields: {
      target: ModerationTarget;
      itemId: string | null;
      subjectUserId: string;
      hidden: boolean;
      openedBy: 'reports' | 'checks';
      flags: ContentFlagView[];
    },
  ): Promise<string> {
    const id = randomUUID();
    await manager.query(
      `INSERT INTO items.moderation_cases (id, target_type, target_id, item_id, subject_user_id, hidden, opened_by, flags)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)`,
      [id, fields.target.type, fields.target.id, fields.itemId, fields.subjectUserId, fields.hidden, fields.openedBy, JSON.stringify(fields.flags)],
    );
    return id;
  }

  /** More flags on an open case (a later check, a photo), and hidden once anything asked for it. */
  async addToCase(manager: EntityManager, caseId: string, flags: ContentFlagView[], hidden: boolean): Promise<void> {
    await manager.query(`UPDATE items.moderation_cases SET flags = flags || $2::jsonb, hidden = hidden OR $3 WHERE id = $1`, [
      caseId,
      JSON.stringify(flags),
      hidden,
    ]);
  }

  /** What a case is about, read without a lock: a decision locks the target before the case, as a report does. */
  async caseTarget(manager: EntityManager, caseId: string): Promise<ModerationTarget | null> {
    const [row]: { target_type: ModerationTargetType; target_id: string }[] = await manager.query(
      `SELECT target_type, target_id FROM items.moderation_cases WHERE id = $1`,
      [caseId],
    );
    return row ? { type: row.target_type, id: row.target_id } : null;
  }

  async lockCase(manager: EntityManager, caseId: string): Promise<CaseRow | null> {
    const [row]: CaseRow[] = await manager.query(`SELECT * FROM items.moderation_cases WHERE id = $1 FOR UPDATE`, [caseId]);
    return row ?? null;
  }

  async recordDecision(manager: EntityManager, caseId: string, decision: ModerationDecision, reason: string, moderatorId: string): Promise<void> {
    await manager.query(
      `UPDATE items.moderation_cases SET status = 'decided', hidden = false, decision = $2, decision_reason = $3, decided_by = $4, decided_at = now() WHERE id = $1`,
      [caseId, decision, reason, moderatorId],
    );
  }

  async recordAppeal(manager: EntityManager, caseId: string, reason: string): Promise<void> {
    await manager.query(`UPDATE items.moderation_cases SET status = 'appealed', appeal_reason = $2, appealed_at = now() WHERE id = $1`, [caseId, reason]);
  }

  async recordAppealDecision(manager: EntityManager, caseId: string, outcome: 'upheld' | 'overturned', reply: string, moderatorId: string): Promise<void> {
    await manager.query(
      `UPDATE items.moderation_cases SET status = 'closed', appeal_outcome = $2, appeal_reply = $3, appeal_decided_by = $4, appeal_decided_at = now() WHERE id = $1`,
      [caseId, outcome, reply, moderatorId],
    );
  }

  /** The target's undecided reports take the case's outcome: upheld (remove, warn) or overruled (approve). */
  async settleReports(manager: EntityManager, target: ModerationTarget, caseId: string, outcome: 'upheld' | 'overruled'): Promise<void> {
    await manager.query(
      `UPDATE items.reports SET case_id = $3, outcome = $4, outcome_at = now() WHERE target_type = $1 AND target_id = $2 AND outcome IS NULL`,
      [target.type, target.id, caseId, outcome],
    );
  }

  /** An overturned removal: the reports that led to it were overruled after all. */
  async overruleReportsOf(manager: EntityManager, caseId: string): Promise<void> {
    await manager.query(`UPDATE items.reports SET outcome = 'overruled', outcome_at = now() WHERE case_id = $1`, [caseId]);
  }

  /** One line of the moderator log; the database refuses to change or delete any (migration 1764200000350). */
  async log(
    manager: EntityManager,
    entry: { caseId: string; actorId: string; action: 'approve' | 'remove' | 'warn' | 'appeal' | 'uphold' | 'overturn'; reason: string },
  ): Promise<void> {
    await manager.query(`INSERT INTO items.moderation_log (id, case_id, actor_id, action, reason) VALUES ($1, $2, $3, $4, $5)`, [
      randomUUID(),
      entry.caseId,
      entry.actorId,
      entry.action,
      entry.reason,
    ]);
  }

  // Reads for the review queue.

  /** A tab of the queue, leaving out the cases about the moderator's own content (another moderator decides them). */
  async cases(status: 'open' | 'appealed' | 'decided', moderatorId: string, limit: number): Promise<CaseRow[]> {
    const statuses = status === 'decided' ? ['decided', 'closed'] : [status];
    const order = status === 'open' ? 'hidden DESC, opened_at' : status === 'appealed' ? 'appealed_at' : 'coalesce(appeal_decided_at, decided_at) DESC';
    return this.dataSource.query(
      `SELECT * FROM items.moderation_cases WHERE status = ANY($1) AND subject_user_id IS DISTINCT FROM $2 ORDER BY ${order} LIMIT $3`,
      [statuses, moderatorId, limit],
    );
  }

  async findCase(caseId: string): Promise<CaseRow | null> {
    const [row]: CaseRow[] = await this.dataSource.query(`SELECT * FROM items.moderation_cases WHERE id = $1`, [caseId]);
    return row ?? null;
  }

  /** An open case shows the reports still awaiting a moderator; a decided one, those it settled. */
  async reportsOf(row: CaseRow): Promise<CaseReportRow[]> {
    return row.status === 'open'
      ? this.dataSource.query(`${REPORT_VIEW} WHERE r.target_type = $1 AND r.target_id = $2 AND r.outcome IS NULL ORDER BY r.created_at`, [
          row.target_type,
          row.target_id,
        ])
      : this.dataSource.query(`${REPORT_VIEW} WHERE r.case_id = $1 ORDER BY r.created_at`, [row.id]);
  }

  async contentOf(row: CaseRow): Promise<CaseContentRow | null> {
    const sql: Record<ModerationTargetType, string> = {
      item: `SELECT title, description AS text, category, image_url, status FROM items.items WHERE id = $1`,
      comment: `SELECT i.title, c.content AS text, NULL AS category, NULL AS image_url,
                  CASE WHEN c.removed_at IS NOT NULL THEN 'removed' WHEN c.deleted_at IS NOT NULL THEN 'deleted' ELSE 'live' END AS status
                FROM items.comments c JOIN items.items i ON i.id = c.item_id WHERE c.id = $1`,
      message: `SELECT i.title, m.body AS text, NULL AS category, NULL AS image_url, CASE WHEN m.in_review THEN 'held' ELSE 'sent' END AS status
                FROM items.handover_messages m JOIN items.items i ON i.id = m.item_id WHERE m.id = $1`,
      member: `SELECT NULL AS title, '' AS text, NULL AS category, NULL AS image_url, NULL AS status FROM items.posters WHERE user_id = $1`,
      // Its words, and where only as the area: the blurred spot to a tenth of a degree (about 7 miles), never the
      // place's name.
      wanted: `SELECT 'Wanted near ' || to_char(round(public_lat::numeric, 1), 'FM990.0') || ', ' || to_char(round(public_lng::numeric, 1), 'FM9990.0')
                  || ' (within ' || radius_miles || ' mi)' AS title,
                  query AS text, category, NULL AS image_url,
                  CASE WHEN removed_at IS NOT NULL THEN 'removed' WHEN in_review THEN 'held' ELSE 'live' END AS status
                FROM items.saved_searches WHERE id = $1`,
    };
    const [content]: CaseContentRow[] = await this.dataSource.query(sql[row.target_type], [row.target_id]);
    return content ?? null;
  }

  /** The poster's record: posts, and what moderators decided about them before this case. */
  async historyOf(
    userId: string,
    caseId: string,
  ): Promise<{ username: string | null; posts: number; removals: number; warnings: number; earlierCases: number }> {
    const [row]: { username: string | null; posts: number; removals: number; warnings: number; earlier: number }[] = await this.dataSource.query(
      `SELECT (SELECT username FROM items.posters WHERE user_id = $1) AS username,
              (SELECT count(*)::int FROM items.items WHERE poster_id = $1) AS posts,
              count(*) FILTER (WHERE decision = 'remove' AND appeal_outcome IS DISTINCT FROM 'overturned')::int AS removals,
              count(*) FILTER (WHERE decision = 'warn')::int AS warnings,
              count(*)::int AS earlier
       FROM items.moderation_cases WHERE subject_user_id = $1 AND id <> $2`,
      [userId, caseId],
    );
    return { username: row.username, posts: row.posts, removals: row.removals, warnings: row.warnings, earlierCases: row.earlier };
  }

  async usernames(ids: string[]): Promise<Map<string, string>> {
    const rows: { user_id: string; username: string }[] = await this.dataSource.query(
      `SELECT user_id, username FROM items.posters WHERE user_id = ANY($1::uuid[])`,
      [ids],
    );
    return new Map(rows.map((r) => [r.user_id, r.username]));
  }

  /** Members whose content is in review (their items and comments are hidden from everyone else). */
  async membersInReview(): Promise<Set<string>> {
    const rows: { user_id: string }[] = await this.dataSource.query(`SELECT user_id FROM items.posters WHERE in_review`);
    return new Set(rows.map((r) => r.user_id));
  }
}

const REPORT_VIEW = `SELECT r.id, r.reporter_id, p.username AS reporter_name, r.report_type, r.reason, r.details, r.created_at,
    coalesce(p.is_verified, false) AS verified, coalesce(p.account_created_at, now()) AS account_created_at,
    (SELECT count(*)::int FROM items.reports o WHERE o.reporter_id = r.reporter_id AND o.outcome = 'overruled'
       AND o.outcome_at > now() - make_interval(days => ${OVERRULED_WINDOW_DAYS})) AS overruled_recently,
    (SELECT count(*)::int FROM items.reports e WHERE e.reporter_id = r.reporter_id
       AND e.created_at > r.created_at - interval '24 hours' AND (e.created_at, e.id) < (r.created_at, r.id)) AS earlier_today,
    EXISTS (SELECT 1 FROM items.blocks b WHERE b.blocker_id = r.reported_user_id AND b.blocked_id = r.reporter_id AND b.blocked) AS blocked_by_owner
  FROM items.reports r LEFT JOIN items.posters p ON p.user_id = r.reporter_id`;

export function weighed(row: CaseReportRow): WeighedReport {
  return {
    verified: row.verified,
    accountCreatedAt: new Date(row.account_created_at),
    overruledRecently: row.overruled_recently,
    createdAt: new Date(row.created_at),
    earlierToday: row.earlier_today,
    blockedByOwner: row.blocked_by_owner,
  };
}
