import { Injectable } from '@nestjs/common';
import { readWithinDeadline } from '@curbside/platform';
import { DataSource, EntityManager } from 'typeorm';

export interface SpotlightRow {
  item_id: string;
  started_at: Date;
  ends_at: Date;
}

/** Running spotlights (docs/product-rules.md, "Perks"). The feed reads them in its own statement (feed.query.ts). */
@Injectable()
export class SpotlightsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async isSpotlit(itemId: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT 1 FROM items.spotlights WHERE item_id = $1 AND ends_at > now() LIMIT 1`, [itemId]);
    return rows.length > 0;
  }

  /** The public positions of the posts in a running spotlight; null when there are more than `most`. */
  async runningPlaces(most: number): Promise<{ lat: number; lng: number }[] | null> {
    const rows: { lat: number; lng: number }[] = await readWithinDeadline(this.dataSource, (manager) =>
      manager.query(
        `SELECT DISTINCT i.public_lat AS lat, i.public_lng AS lng FROM items.spotlights s JOIN items.items i ON i.id = s.item_id
         WHERE s.ends_at > now() LIMIT $1`,
        [most + 1],
      ),
    );
    return rows.length > most ? null : rows;
  }

  /** The spotlight a redemption started, if any (a perk is used once: asked again, this is the answer). */
  async ofRedemption(manager: EntityManager, redemptionId: string): Promise<SpotlightRow | undefined> {
    const [row]: SpotlightRow[] = await manager.query(`SELECT item_id, started_at, ends_at FROM items.spotlights WHERE redemption_id = $1`, [redemptionId]);
    return row;
  }

  /** Starts the spotlight when the post is the member's and available; false when it is not (nothing written). */
  async start(
    manager: EntityManager,
    spotlight: { redemptionId: string; itemId: string; userId: string; startedAt: string; endsAt: string },
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO items.spotlights (redemption_id, item_id, user_id, started_at, ends_at)
       SELECT $1, i.id, $3, $4, $5 FROM items.items i WHERE i.id = $2 AND i.poster_id = $3 AND i.status = 'available' AND i.listed
       ON CONFLICT (redemption_id) DO NOTHING RETURNING redemption_id`,
      [spotlight.redemptionId, spotlight.itemId, spotlight.userId, spotlight.startedAt, spotlight.endsAt],
    );
    return rows.length === 1;
  }
}
