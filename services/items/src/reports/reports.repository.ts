import { Injectable } from '@nestjs/common';
import type { ModerationTargetType } from '@curbside/contracts';
import { EntityManager } from 'typeorm';

export interface NewReport {
  id: string;
  reporterId: string;
  targetType: Exclude<ModerationTargetType, 'message'>;
  targetId: string;
  reportedUserId: string;
  /** The item reported, or the reported comment's item; null for a member. */
  reportedItemId: string | null;
  reportType: string;
  reason: string;
  details: string | null;
}

/**
 * Reports of items, comments and members; one per member per target is kept by a unique key, so an insert that
 * conflicts adds nothing.
 */
@Injectable()
export class ReportsRepository {
  /** Files the report; false when the member already reported this item, comment or member. */
  async add(manager: EntityManager, report: NewReport): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      `INSERT INTO items.reports (id, reporter_id, target_type, target_id, reported_user_id, reported_item_id, report_type, reason, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (reporter_id, target_type, target_id) DO NOTHING RETURNING id`,
      [
        report.id,
        report.reporterId,
        report.targetType,
        report.targetId,
        report.reportedUserId,
        report.reportedItemId,
        report.reportType,
        report.reason,
        report.details,
      ],
    );
    return inserted.length > 0;
  }
}
