import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CreateReportRequest, DomainError, Events, ItemError, ReportError } from '@curbside/contracts';
import { EventOutbox, Transaction } from '@curbside/platform';
import { ModerationRepository } from '../moderation/moderation.repository';
import { ModerationService } from '../moderation/moderation.service';
import { NewReport, ReportsRepository } from './reports.repository';

type Target = Pick<NewReport, 'targetType' | 'targetId' | 'reportedUserId' | 'reportedItemId'> & { title: string };

const THANKS = 'Thanks for your report. Our team will review it.';

/**
 * Reports of an item, a comment, a wanted post or a member (docs/product-rules.md, Moderation): one per member per target; enough
 * of them put the target in pending review (ModerationService.escalate), in the report's transaction.
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly reports: ReportsRepository,
    private readonly moderation: ModerationService,
    private readonly cases: ModerationRepository,
  ) {}

  /** The reported user is always the target's poster or author, whatever the body says. */
  async file(request: CreateReportRequest, reporterId: string): Promise<{ success: boolean; message: string; id: string }> {
    return this.outbox.transaction(async (tx) => {
      const target = await this.target(tx, request, reporterId);
      const id = randomUUID();
      const filed = await this.reports.add(tx.manager, {
        id,
        reporterId,
        ...target,
        reportType: request.reportType,
        reason: request.reason,
        details: request.details ?? null,
      });
      if (!filed) throw new DomainError(ReportError.ALREADY_REPORTED, `You have already reported this ${target.targetType}`);
      // report.filed is about an item (reported, or a reported comment's); a member or a wanted post has none.
      if (target.reportedItemId && target.targetType !== 'wanted') {
        tx.emit(Events.reportFiled, {
          reportId: id,
          itemId: target.reportedItemId,
          targetType: target.targetType,
          targetId: target.targetId,
          reporterId,
          reportedUserId: target.reportedUserId,
          reportType: request.reportType,
        });
      }
      await this.moderation.escalate(tx, { type: target.targetType, id: target.targetId });
      return { success: true, message: THANKS, id };
    });
  }

  /** What is reported, locked for the report's transaction; content in review is reported only by who can see it. */
  private async target(tx: Transaction, request: CreateReportRequest, reporterId: string): Promise<Target> {
    if (request.reportedCommentId) {
      const facts = await this.cases.lockTarget(tx.manager, { type: 'comment', id: request.reportedCommentId });
      if (!facts || facts.gone || (request.reportedItemId && facts.itemId !== request.reportedItemId) || facts.inReview) {
        throw new DomainError(ReportError.TARGET_NOT_FOUND, 'Comment not found');
      }
      if (facts.subjectUserId === reporterId) throw new DomainError(ReportError.SELF, "You can't report your own comment");
      return {
        targetType: 'comment',
        targetId: request.reportedCommentId,
        reportedUserId: facts.subjectUserId,
        reportedItemId: facts.itemId,
        title: facts.title,
      };
    }
    if (request.reportedWantedId) {
      // A wanted post: public, not removed, and not in review (then only its author sees it).
      const facts = await this.cases.lockTarget(tx.manager, { type: 'wanted', id: request.reportedWantedId });
      if (!facts || facts.gone || facts.inReview) throw new DomainError(ReportError.TARGET_NOT_FOUND, 'Wanted post not found');
      if (facts.subjectUserId === reporterId) throw new DomainError(ReportError.SELF, "You can't report your own wanted post");
      return { targetType: 'wanted', targetId: request.reportedWantedId, reportedUserId: facts.subjectUserId, reportedItemId: null, title: facts.title };
    }
    if (request.reportedItemId) {
      const facts = await this.cases.lockTarget(tx.manager, { type: 'item', id: request.reportedItemId });
      if (!facts || facts.gone || facts.inReview) throw new DomainError(ItemError.NOT_FOUND, 'Item not found');
      if (facts.subjectUserId === reporterId) throw new DomainError(ReportError.OWN_ITEM, "You can't report your own item");
      return {
        targetType: 'item',
        targetId: request.reportedItemId,
        reportedUserId: facts.subjectUserId,
        reportedItemId: request.reportedItemId,
        title: facts.title,
      };
    }
    const memberId = request.reportedUserId as string;
    if (memberId === reporterId) throw new DomainError(ReportError.SELF, "You can't report yourself");
    const facts = await this.cases.lockTarget(tx.manager, { type: 'member', id: memberId });
    if (!facts) throw new DomainError(ReportError.TARGET_NOT_FOUND, 'Member not found');
    return { targetType: 'member', targetId: memberId, reportedUserId: memberId, reportedItemId: null, title: facts.title };
  }
}
