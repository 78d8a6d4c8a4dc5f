import { Injectable } from '@nestjs/common';
import {
  AppealRequest,
  CaseDecisionRequest,
  CaseListQuery,
  ContentFlagView,
  DomainError,
  EventPayload,
  Events,
  ModerationCase,
  ModerationError,
  ModerationTargetType,
} from '@curbside/contracts';
import { EventOutbox, Transaction } from '@curbside/platform';
import { DataSource } from 'typeorm';
import { CommentsRepository } from '../comments/comments.repository';
import { HoldsRepository, shownReliability } from '../holds/holds.repository';
import { ImpactService } from '../impact/impact.service';
import { ItemsRepository } from '../items/items.repository';
import { itemPostedPayload } from '../items/item-posted';
import { PostersService } from '../posters/posters.service';
import { reporterWeight, counts, shouldHide } from './escalation.rules';
import { Moderators } from './moderators';
import { CaseRow, ModerationRepository, ModerationTarget, TargetFacts, weighed } from './moderation.repository';

const QUEUE_PAGE = 50;
const MEMBERS_IN_REVIEW_TTL_MS = 1000;

/** Why content went to pending review, as its poster is told. */
const HELD_BY_REPORTS = 'Several neighbours reported it. A moderator will review it soon; until then only you can see it.';
const heldByChecks = (flags: ContentFlagView[]) =>
  `Our automatic checks flagged it (${[...new Set(flags.map((f) => f.label))].join(', ')}). A moderator will review it soon; until then only you can see it.`;

type Notice = EventPayload<typeof Events.moderationNotice>;

/**
 * Moderation (docs/product-rules.md, Moderation): reports and automated checks open cases and put content in
 * pending review; moderators approve (restore), remove or warn, each with a reason, in an append-only log; the
 * poster of removed content may appeal once, decided by another moderator.
 */
@Injectable()
export class ModerationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
    private readonly moderation: ModerationRepository,
    private readonly moderators: Moderators,
    private readonly items: ItemsRepository,
    private readonly posters: PostersService,
    private readonly holds: HoldsRepository,
    private readonly comments: CommentsRepository,
    private readonly impact: ImpactService,
  ) {}

  /**
   * Flags the automated checks found, for content already written (a photo's labels after the post, a check that
   * finished later): a case moderators see, and with `hold` the content goes to pending review and its poster is
   * told why. Nothing happens without flags or when the content is gone.
   */
  async recordFlags(target: ModerationTarget, flags: ContentFlagView[], hold: boolean): Promise<void> {
    if (flags.length === 0) return;
    await this.outbox.transaction((tx) => this.recordFlagsIn(tx, target, flags, hold));
  }

  /** recordFlags inside the transaction that wrote the content (posting, editing, commenting, a message). */
  async recordFlagsIn(tx: Transaction, target: ModerationTarget, flags: ContentFlagView[], hold: boolean): Promise<void> {
    if (flags.length === 0) return;
    const facts = await this.moderation.lockTarget(tx.manager, target);
    if (!facts || facts.gone) return;
    const caseId = await this.caseFor(tx, target, facts, { hidden: hold, openedBy: 'checks', flags });
    if (hold && !facts.inReview) await this.hide(tx, target, facts, caseId, heldByChecks(flags));
  }

  /**
   * After a report was filed (in its transaction, the target locked): the target goes to pending review when the
   * reports awaiting a moderator reach a threshold (escalation.rules.ts), with a case if none is open.
   */
  async escalate(tx: Transaction, target: ModerationTarget): Promise<void> {
    const facts = await this.moderation.lockTarget(tx.manager, target);
    if (!facts || facts.gone || facts.inReview) return;
    const reports = await this.moderation.undecidedReports(tx.manager, target);
    if (!shouldHide(reports, await this.moderation.lastRestoredAt(tx.manager, target))) return;
    const caseId = await this.caseFor(tx, target, facts, { hidden: true, openedBy: 'reports', flags: [] });
    await this.hide(tx, target, facts, caseId, HELD_BY_REPORTS);
  }

  /** The target's open case, with these flags added (and hidden if asked), or a new case opened with them. */
  private async caseFor(
    tx: Transaction,
    target: ModerationTarget,
    facts: TargetFacts,
    opening: { hidden: boolean; openedBy: 'reports' | 'checks'; flags: ContentFlagView[] },
  ): Promise<string> {
    const open = await this.moderation.openCase(tx.manager, target);
    if (open) {
      await this.moderation.addToCase(tx.manager, open.id, opening.flags, opening.hidden);
      return open.id;
    }
    return this.moderation.addCase(tx.manager, { target, itemId: facts.itemId, subjectUserId: facts.subjectUserId, ...opening });
  }

  /**
   * Members whose content is hidden from everyone else while a moderator reviews them. Every feed page asks, so the
   * set (a handful of rows by a partial index) is kept for a second; a change made here drops it at once.
   */
  async membersInReview(): Promise<Set<string>> {
    if (!this.inReview || Date.now() - this.inReview.at > MEMBERS_IN_REVIEW_TTL_MS)
      this.inReview = { at: Date.now(), members: this.moderation.membersInReview() };
    const { members } = this.inReview;
    return members.catch((err: unknown) => {
      this.inReview = undefined;
      throw err;
    });
  }

  private inReview: { at: number; members: Promise<Set<string>> } | undefined;

  private forgetMembersInReview(tx: Transaction, target: ModerationTarget): void {
    if (target.type === 'member') tx.afterCommit(() => (this.inReview = undefined));
  }

  async cases(query: CaseListQuery, callerId: string | undefined): Promise<ModerationCase[]> {
    const moderatorId = await this.moderators.require(callerId);
    const rows = await this.moderation.cases(query.status, moderatorId, QUEUE_PAGE);
    return Promise.all(rows.map((row) => this.view(row, moderatorId)));
  }

  /**
   * A moderator's decision. On an open case: approve (restore; its reports overruled), remove (its reports upheld;
   * an item through the removal path, so its points are reversed) or warn (it stays; the poster is warned). On an
   * appealed case, another moderator upholds the removal (remove) or overturns it (approve).
   */
  async decide(caseId: string, request: CaseDecisionRequest, callerId: string | undefined): Promise<ModerationCase> {
    const moderatorId = await this.moderators.require(callerId);
    await this.outbox.transaction(async (tx) => {
      // The target first, then the case: the order a report takes (escalate), so the two never wait on each other.
      const target = await this.moderation.caseTarget(tx.manager, caseId);
      if (!target) throw new DomainError(ModerationError.CASE_NOT_FOUND, 'No such case');
      const facts = await this.moderation.lockTarget(tx.manager, target);
      const row = await this.moderation.lockCase(tx.manager, caseId);
      if (!row) throw new DomainError(ModerationError.CASE_NOT_FOUND, 'No such case');
      if (row.subject_user_id === moderatorId) throw new DomainError(ModerationError.SAME_MODERATOR, 'Another moderator decides cases about your own content');
      if (row.status === 'appealed') return this.decideAppeal(tx, row, facts, request, moderatorId);
      if (row.status !== 'open') throw new DomainError(ModerationError.ALREADY_DECIDED, 'This case was decided already');
      await this.moderation.recordDecision(tx.manager, row.id, request.decision, request.reason, moderatorId);
      await this.moderation.log(tx.manager, { caseId: row.id, actorId: moderatorId, action: request.decision, reason: request.reason });
      await this.moderation.settleReports(tx.manager, target, row.id, request.decision === 'approve' ? 'overruled' : 'upheld');
      const title = facts?.title ?? '';
      if (request.decision === 'remove') {
        // Content its poster deleted, or the "not there" path removed, meanwhile: the decision stands in the log,
        // nothing is taken down twice and nobody is told twice.
        if (facts && !facts.gone) await this.remove(tx, row, title, request.reason);
        return;
      }
      if (facts?.inReview) await this.show(tx, row);
      if (request.decision === 'warn') this.notice(tx, row, 'warned', title, request.reason);
      else if (row.hidden || facts?.inReview) this.notice(tx, row, 'restored', title, request.reason);
    });
    const decided = await this.moderation.findCase(caseId);
    if (!decided) throw new DomainError(ModerationError.CASE_NOT_FOUND, 'No such case');
    return this.view(decided, moderatorId);
  }

  /** The poster of removed content appeals once, with a reason; anyone else is told there is no such case. */
  async appeal(caseId: string, request: AppealRequest, callerId: string): Promise<{ success: boolean; message: string }> {
    return this.outbox.transaction(async (tx) => {
      const row = await this.moderation.lockCase(tx.manager, caseId);
      if (!row || row.subject_user_id !== callerId) throw new DomainError(ModerationError.CASE_NOT_FOUND, 'No such case');
      if (row.decision !== 'remove' || row.status !== 'decided') {
        throw new DomainError(
          ModerationError.APPEAL_NOT_ALLOWED,
          row.appealed_at ? 'You have already appealed this decision' : 'Only a removal can be appealed',
        );
      }
      // A removal decided on content already gone (deleted by its poster, or taken down as "not there") took nothing
      // down: there is nothing an appeal could bring back, and nothing of anyone else's it may.
      const target = targetOf(row);
      if (target.type !== 'member' && target.type !== 'message' && (await this.moderation.removedByCase(tx.manager, row.id)).length === 0) {
        throw new DomainError(ModerationError.APPEAL_NOT_ALLOWED, 'There is nothing to appeal: it was already gone when the moderator decided');
      }
      await this.moderation.recordAppeal(tx.manager, row.id, request.reason);
      await this.moderation.log(tx.manager, { caseId: row.id, actorId: callerId, action: 'appeal', reason: request.reason });
      return { success: true, message: 'Your appeal was sent. A different moderator will look at it, and we will tell you what they decide.' };
    });
  }

  private async decideAppeal(tx: Transaction, row: CaseRow, facts: TargetFacts | null, request: CaseDecisionRequest, moderatorId: string): Promise<void> {
    if (row.decided_by === moderatorId) throw new DomainError(ModerationError.SAME_MODERATOR, 'Another moderator decides the appeal of your own decision');
    if (request.decision === 'warn') throw new DomainError(ModerationError.APPEAL_DECISION, 'An appeal is upheld (remove) or overturned (approve)');
    const overturn = request.decision === 'approve';
    const target = targetOf(row);
    const title = facts?.title ?? '';
    await this.moderation.recordAppealDecision(tx.manager, row.id, overturn ? 'overturned' : 'upheld', request.reason, moderatorId);
    await this.moderation.log(tx.manager, { caseId: row.id, actorId: moderatorId, action: overturn ? 'overturn' : 'uphold', reason: request.reason });
    if (overturn) {
      await this.moderation.overruleReportsOf(tx.manager, row.id);
      if (target.type === 'message') await this.show(tx, row);
      else {
        // What this removal took down comes back (a member's: all they had live), never what another case or its
        // poster removed.
        for (const content of await this.moderation.removedByCase(tx.manager, row.id)) await this.restore(tx, content);
        if (target.type === 'member') await this.show(tx, row);
      }
    }
    this.notice(tx, row, overturn ? 'appeal_overturned' : 'appeal_upheld', title, request.reason);
    if (row.decided_by) this.notice(tx, { ...row, subject_user_id: row.decided_by }, 'appeal_decided', title, request.reason);
  }

  /** Brings back a removed item, comment or wanted post (an overturned removal), announced if it never was. */
  private async restore(tx: Transaction, target: ModerationTarget): Promise<void> {
    if (target.type === 'item') {
      if (await this.moderation.restoreRemovedItem(tx.manager, target.id)) {
        await this.impact.itemRestored(tx.manager, target.id);
        await this.announce(tx, target);
      }
    } else if (target.type === 'wanted') {
      await this.moderation.restoreWanted(tx.manager, target.id);
    } else if (target.type === 'comment') {
      const itemId = await this.moderation.restoreComment(tx.manager, target.id);
      if (itemId) {
        await this.comments.recount(tx.manager, itemId);
        await this.announce(tx, target);
      }
    }
  }

  /** Pending review: hidden from everyone but the poster, who is told why. */
  private async hide(tx: Transaction, target: ModerationTarget, facts: TargetFacts, caseId: string, reason: string): Promise<void> {
    await this.moderation.setInReview(tx.manager, target, true);
    if (target.type === 'comment' && facts.itemId) await this.comments.recount(tx.manager, facts.itemId);
    this.forgetMembersInReview(tx, target);
    tx.emit(Events.moderationNotice, {
      userId: facts.subjectUserId,
      caseId,
      kind: 'held',
      targetType: target.type,
      itemId: facts.itemId,
      title: facts.title,
      reason,
    });
  }

  /** Out of review, and announced if it never was; not while a newer open case holds the same target hidden. */
  private async show(tx: Transaction, row: CaseRow): Promise<void> {
    const target = targetOf(row);
    if (await this.moderation.hiddenByAnotherCase(tx.manager, target, row.id)) return;
    await this.moderation.setInReview(tx.manager, target, false);
    if (target.type === 'comment' && row.item_id) await this.comments.recount(tx.manager, row.item_id);
    this.forgetMembersInReview(tx, target);
    await this.announce(tx, target);
  }

  /**
   * Content held before anyone heard of it (held by the checks as it was written) is announced when it comes back,
   * from review or from an overturned removal: new-item alerts and points, comment alerts, the recipient told of a
   * message. A message's recipient has never seen a held one, so it is always delivered on its way out.
   */
  private async announce(tx: Transaction, target: ModerationTarget): Promise<void> {
    if (target.type === 'message') {
      const message = await this.moderation.messageEvent(tx.manager, target.id);
      if (message) tx.emit(Events.handoverMessage, message);
      return;
    }
    if (!(await this.moderation.takeUnannounced(tx.manager, target))) return;
    if (target.type === 'item') {
      const item = await this.items.findView(target.id, tx.manager);
      if (item && item.status !== 'removed') {
        const { subscriptionTier } = await this.posters.member(tx.manager, item.poster_id);
        const posterTimeZone = await this.posters.dayTimeZone(tx.manager, item.poster_id, item.time_zone);
        tx.emit(Events.itemPosted, itemPostedPayload(item, subscriptionTier, posterTimeZone));
      }
    } else if (target.type === 'comment') {
      const comment = await this.moderation.commentEvent(tx.manager, target.id);
      if (comment) tx.emit(Events.commentPosted, comment);
    }
  }

  /** Removal: an item through the removal path (item.removed: points reversed, the poster told with the reason). */
  private async remove(tx: Transaction, row: CaseRow, title: string, reason: string): Promise<void> {
    const target = targetOf(row);
    if (target.type === 'item') {
      await this.removeItem(tx, target.id, row.subject_user_id, title, reason, row.id);
      return;
    }
    if (target.type === 'comment') await this.removeComments(tx, [target.id], row.id);
    if (target.type === 'message') await this.moderation.setInReview(tx.manager, target, true);
    if (target.type === 'wanted') await this.moderation.removeWanted(tx.manager, target.id, row.id);
    if (target.type === 'member') {
      // A member's removal takes down what they have live; the account itself stays.
      const live = await this.moderation.liveContentOf(tx.manager, target.id);
      for (const item of live.items) await this.removeItem(tx, item.id, target.id, item.title, reason, row.id);
      await this.removeComments(tx, live.comments, row.id);
      await this.moderation.removeWantedOf(tx.manager, target.id, row.id);
      await this.moderation.setInReview(tx.manager, target, false);
      this.forgetMembersInReview(tx, target);
    }
    this.notice(tx, row, 'removed', title, reason);
  }

  /** Every removal notes its case on what it takes down: an overturned appeal brings back exactly that (removedByCase). */
  private async removeComments(tx: Transaction, commentIds: string[], caseId: string): Promise<void> {
    const items = new Set<string>();
    for (const id of commentIds) {
      const itemId = await this.moderation.removeComment(tx.manager, id, caseId);
      if (itemId) items.add(itemId);
    }
    for (const itemId of items) await this.comments.recount(tx.manager, itemId);
  }

  private async removeItem(tx: Transaction, itemId: string, posterId: string, title: string, reason: string, caseId: string): Promise<void> {
    await this.items.markRemoved(tx.manager, itemId);
    await this.moderation.noteItemRemovedBy(tx.manager, itemId, caseId);
    await this.moderation.setInReview(tx.manager, { type: 'item', id: itemId }, false);
    // A pickup of it already counted in the impact figures stops counting (docs/product-rules.md, Impact).
    await this.impact.itemRemoved(tx.manager, itemId);
    tx.emit(Events.itemRemoved, { itemId, posterId, title, reason: 'reported', note: reason, caseId });
  }

  private notice(
    tx: Transaction,
    row: Pick<CaseRow, 'id' | 'subject_user_id' | 'target_type' | 'item_id'>,
    kind: Notice['kind'],
    title: string,
    reason: string,
  ): void {
    tx.emit(Events.moderationNotice, { userId: row.subject_user_id, caseId: row.id, kind, targetType: row.target_type, itemId: row.item_id, title, reason });
  }

  private async view(row: CaseRow, moderatorId: string): Promise<ModerationCase> {
    const [content, reports, history, reliability] = await Promise.all([
      this.moderation.contentOf(row),
      this.moderation.reportsOf(row),
      this.moderation.historyOf(row.subject_user_id, row.id),
      this.holds.reliability(this.dataSource.manager, [row.subject_user_id]),
    ]);
    const deciders = [row.decided_by, row.appeal_decided_by].filter((id): id is string => !!id);
    const names = await this.moderation.usernames(deciders);
    const now = new Date();
    return {
      id: row.id,
      targetType: row.target_type,
      targetId: row.target_id,
      itemId: row.item_id,
      status: row.status,
      hidden: row.hidden,
      openedBy: row.opened_by,
      openedAt: new Date(row.opened_at).toISOString(),
      content: {
        title: content?.title ?? (row.target_type === 'member' ? history.username : null),
        text: content?.text ?? '',
        category: content?.category ?? null,
        photos: content?.image_url ? [content.image_url] : [],
        status: content?.status ?? null,
      },
      subject: {
        id: row.subject_user_id,
        username: history.username ?? 'Neighbour',
        history: { posts: history.posts, removals: history.removals, warnings: history.warnings, earlierCases: history.earlierCases },
        reliability: shownReliability(reliability.get(row.subject_user_id)),
      },
      reports: reports.map((r) => {
        const report = weighed(r);
        return {
          id: r.id,
          reporterName: r.reporter_name ?? 'Neighbour',
          reportType: r.report_type,
          reason: r.reason,
          details: r.details,
          createdAt: new Date(r.created_at).toISOString(),
          weight: counts(report, now) ? reporterWeight(report) : 0,
        };
      }),
      flags: row.flags,
      decision:
        row.decision && row.decided_at
          ? {
              decision: row.decision,
              reason: row.decision_reason ?? '',
              moderatorName: names.get(row.decided_by ?? '') ?? 'A moderator',
              decidedAt: new Date(row.decided_at).toISOString(),
            }
          : null,
      appeal: row.appealed_at
        ? {
            reason: row.appeal_reason ?? '',
            appealedAt: new Date(row.appealed_at).toISOString(),
            outcome: row.appeal_outcome,
            reply: row.appeal_reply,
            decidedAt: row.appeal_decided_at ? new Date(row.appeal_decided_at).toISOString() : null,
          }
        : null,
      canDecide: row.subject_user_id !== moderatorId && (row.status === 'open' || (row.status === 'appealed' && row.decided_by !== moderatorId)),
    };
  }
}

function targetOf(row: Pick<CaseRow, 'target_type' | 'target_id'>): ModerationTarget {
  return { type: row.target_type as ModerationTargetType, id: row.target_id };
}
