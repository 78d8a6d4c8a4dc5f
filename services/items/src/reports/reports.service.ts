import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CreateReportRequest, DomainError, Events, ItemError, ReportError } from '@curbside/contracts';
import { EventOutbox } from '@curbside/platform';
import { ItemsRepository } from '../items/items.repository';
import { ReportsRepository } from './reports.repository';

@Injectable()
export class ReportsService {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly reports: ReportsRepository,
    private readonly items: ItemsRepository,
  ) {}

  /** One report per neighbour per item; the reported user is always the item's poster, whatever the body says. */
  async file(request: CreateReportRequest, reporterId: string): Promise<{ success: boolean; message: string; id: string }> {
    return this.outbox.transaction(async (tx) => {
      const item = await this.items.find(request.reportedItemId, tx.manager);
      if (!item || item.status === 'removed') throw new DomainError(ItemError.NOT_FOUND, 'Item not found');
      if (item.posterId === reporterId) throw new DomainError(ReportError.OWN_ITEM, "You can't report your own item");
      const id = randomUUID();
      const filed = await this.reports.add(tx.manager, {
        id,
        reporterId,
        reportedUserId: item.posterId,
        reportedItemId: item.id,
        reportType: request.reportType,
        reason: request.reason,
        details: request.details ?? null,
      });
      if (!filed) throw new DomainError(ReportError.ALREADY_REPORTED, 'You have already reported this item');
      tx.emit(Events.reportFiled, { reportId: id, itemId: item.id, reporterId, reportedUserId: item.posterId, reportType: request.reportType });
      return { success: true, message: 'Thanks for your report. Our team will review it.', id };
    });
  }
}
