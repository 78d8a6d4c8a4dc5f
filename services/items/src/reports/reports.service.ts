import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CreateReportRequest, DomainError, Events, ItemError, ReportError } from '@curbside/contracts';
import { EventOutbox } from '@curbside/platform';
import { ItemEntity } from '../items/item.entity';

@Injectable()
export class ReportsService {
  constructor(private readonly outbox: EventOutbox) {}

  /** One report per neighbour per item; the reported user is always the item's poster, whatever the body says. */
  async file(request: CreateReportRequest, reporterId: string): Promise<{ success: boolean; message: string; id: string }> {
    return this.outbox.transaction(async (tx) => {
      const item = await tx.manager.findOneBy(ItemEntity, { id: request.reportedItemId });
      if (!item || item.status === 'removed') throw new DomainError(ItemError.NOT_FOUND, 'Item not found');
      if (item.posterId === reporterId) throw new DomainError(ReportError.OWN_ITEM, "You can't report your own item");
      const id = randomUUID();
      const inserted: unknown[] = await tx.manager.query(
        `INSERT INTO items.reports (id, reporter_id, reported_user_id, reported_item_id, report_type, reason, details)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (reporter_id, reported_item_id) DO NOTHING RETURNING id`,
        [id, reporterId, item.posterId, item.id, request.reportType, request.reason, request.details ?? null],
      );
      if (inserted.length === 0) throw new DomainError(ReportError.ALREADY_REPORTED, 'You have already reported this item');
      tx.emit(Events.reportFiled, { reportId: id, itemId: item.id, reporterId, reportedUserId: item.posterId, reportType: request.reportType });
      return { success: true, message: 'Thanks for your report. Our team will review it.', id };
    });
  }
}
