import { Injectable } from '@nestjs/common';
import type { ImpactFigures } from '@curbside/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { affectedCount } from '@curbside/platform';
import type { NotCountedReason } from './impact.rules';

export interface PickupRecord {
  itemId: string;
  posterId: string;
  pickerId: string;
  category: string;
  kg: number;
  co2eKg: number;
  cellWide: number;
  pickedUpAt: Date;
  notCountedBecause: NotCountedReason | null;
}

/** Sums as the database keeps them (numeric, exact), converted once. */

interface FiguresRow {
  pickups: number;
  kg: string | null;
  co2e_kg: string | null;
}

const figures = (row: FiguresRow | undefined): ImpactFigures => ({ pickups: row?.pickups ?? 0, kg: Number(row?.kg ?? 0), co2eKg: Number(row?.co2e_kg ?? 0) });

/** The verified pickups' ledger (migrations/1764400000390-impact.ts) and the sums read from it. */
@Injectable()
export class ImpactRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** What the claim needs of the item and the picker to weigh and judge the pickup; read in the claim's transaction. */
  async pickupFacts(
    manager: EntityManager,
    itemId: string,
  ): Promise<{ category: string; cell_wide: number; created_at: Date; claimed_at: Date; poster_id: string; picker_id: string; picker_joined_at: Date | null }> {
    const [row] = await manager.query(
      `SELECT i.category, i.cell_wide, i.created_at, i.claimed_at, i.poster_id, i.claimed_by_id AS picker_id, p.account_created_at AS picker_joined_at
       FROM items.items i LEFT JOIN items.posters p ON p.user_id = i.claimed_by_id WHERE i.id = $1`,
      [itemId],
    );
    return row;
  }

  /** Counted pickups by this picker of this poster's items since `since`. */
  async pairPickupsCounted(manager: EntityManager, posterId: string, pickerId: string, since: Date): Promise<number> {
    const [{ n }]: { n: number }[] = await manager.query(
      `SELECT count(*)::int AS n FROM items.impact_pickups WHERE picker_id = $1 AND poster_id = $2 AND picked_up_at > $3 AND counted`,
      [pickerId, posterId, since],
    );
    return n;
  }

  /** Records the pickup once: a second record of the same item writes nothing. */
  async record(manager: EntityManager, p: PickupRecord): Promise<void> {
    await manager.query(
      `INSERT INTO items.impact_pickups (item_id, poster_id, picker_id, category, kg, co2e_kg, cell_wide, picked_up_at, not_counted_because)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (item_id) DO NOTHING`,
      [p.itemId, p.posterId, p.pickerId, p.category, p.kg, p.co2eKg, p.cellWide, p.pickedUpAt, p.notCountedBecause],
    );
  }

  /**
   * A moderator removed the item: its pickup, if it counted, counts no more. Conditional, so a second removal changes
   * nothing; the area's weekly sums are corrected by the ledger's trigger (migrations/1764500000396-wanted-moderation.ts).
   */
  async uncountRemoved(manager: EntityManager, itemId: string): Promise<boolean> {
    const changed = await affectedCount(
      manager,
      `UPDATE items.impact_pickups SET not_counted_because = 'removed' WHERE item_id = $1 AND not_counted_because IS NULL`,
      [itemId],
    );
    return changed > 0;
  }

  /** An appeal restored the item: a pickup that stopped counting by its removal counts again (and only that one). */
  async recountRestored(manager: EntityManager, itemId: string): Promise<boolean> {
    const changed = await affectedCount(
      manager,
      `UPDATE items.impact_pickups SET not_counted_because = NULL WHERE item_id = $1 AND not_counted_because = 'removed'`,
      [itemId],
    );
    return changed > 0;
  }

  /** A member's counted pickups, as poster (given) and as picker (picked up). */
  async member(userId: string): Promise<{ given: ImpactFigures; pickedUp: ImpactFigures }> {
    const rows: (FiguresRow & { side: string })[] = await this.dataSource.query(
      `SELECT 'given' AS side, count(*)::int AS pickups, sum(kg) AS kg, sum(co2e_kg) AS co2e_kg FROM items.impact_pickups WHERE poster_id = $1 AND counted
       UNION ALL
       SELECT 'picked', count(*)::int, sum(kg), sum(co2e_kg) FROM items.impact_pickups WHERE picker_id = $1 AND counted`,
      [userId],
    );
    return { given: figures(rows.find((r) => r.side === 'given')), pickedUp: figures(rows.find((r) => r.side === 'picked')) };
  }

  /**
   * The area's counted pickups from the week starting `fromWeek` (a Monday, YYYY-MM-DD), per week and per category:
   * read from the weekly sums the ledger's trigger keeps (migrations/1764400000394-impact-area-weeks.ts).
   */
  async areaFromWeek(
    cellWide: number,
    fromWeek: string,
  ): Promise<{ weeks: (ImpactFigures & { weekStart: string })[]; categories: (ImpactFigures & { category: string })[] }> {
    const rows: (FiguresRow & { week_start: string | null; category: string | null })[] = await this.dataSource.query(
      `SELECT to_char(week_start, 'YYYY-MM-DD') AS week_start, category, sum(pickups)::int AS pickups, sum(kg) AS kg, sum(co2e_kg) AS co2e_kg
       FROM items.impact_area_weeks WHERE cell_wide = $1 AND week_start >= $2::date
       GROUP BY GROUPING SETS ((week_start), (category))`,
      [cellWide, fromWeek],
    );
    return {
      weeks: rows.filter((r) => r.week_start !== null).map((r) => ({ weekStart: r.week_start as string, ...figures(r) })),
      categories: rows.filter((r) => r.category !== null).map((r) => ({ category: r.category as string, ...figures(r) })),
    };
  }

  /** Each picker's counted pickups in the area since `since` (no member named: only the counts leave). */
  async pickupsPerPicker(cellWide: number, since: Date): Promise<number[]> {
    const [{ counts }]: { counts: number[] | null }[] = await this.dataSource.query(
      `SELECT array_agg(n) AS counts FROM (
         SELECT count(*)::int AS n FROM items.impact_pickups WHERE cell_wide = $1 AND picked_up_at >= $2 AND counted GROUP BY picker_id) per_picker`,
      [cellWide, since],
    );
    return counts ?? [];
  }
}
