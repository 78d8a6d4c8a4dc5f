import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

export interface NewReport {
  id: string;
  reporterId: string;
  reportedUserId: string;
  reportedItemId: string;
  reportType: string;
  reason: string;
  details: string | null;
}

/** Reports of items; one per member per item is kept by a unique key, so an insert that conflicts adds nothing. */
@Injectable()
export class ReportsRepository {
  /** Files the report; false when the member already reported the item. */
  async add(manager: EntityManager, report: NewReport): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO items.reports (id, reporter_id, reported_user_id, reported_item_id, report_type, reason, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (reporter_id, reported_item_id) DO NOTHING RETURNING id`,
      [report.id, report.reporterId, report.reportedUserId, report.reportedItemId, report.reportType, report.reason, report.details],
    );
    return inserted.length > 0;
  }
}
