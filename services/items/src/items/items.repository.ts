import { Injectable } from '@nestjs/common';
import { METERS_PER_MILE } from '@curbside/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { coveringCells, gridFor } from './geo-grid.rules';

export interface FeedRow {
  id: string;
  poster_id: string;
  title: string;
  description: string;
  category: string;
  image_url: string | null;
  status: string;
  claimed_by_id: string | null;
  pricing_type: 'free' | 'paid';
  custom_amount: number | null;
  time_limit: number;
  expires_at: Date;
  created_at: Date;
  lat: number;
  lng: number;
  location_description: string | null;
  is_scout_find: boolean;
  is_garage_sale: boolean;
  garage_sale_address: string | null;
  garage_sale_start_time: Date | null;
  garage_sale_end_time: Date | null;
  garage_sale_contact_info: string | null;
  interest_count: number;
  vote_count: number;
  still_there_count: number;
  last_still_there_check: Date | null;
  poster_username: string | null;
  poster_rank: string | null;
  claimer_username: string | null;
  distance_miles?: number;
}

export interface FeedSearch {
  lat: number;
  lng: number;
  radiusMiles: number;
  limit: number;
}

const ITEM_COLUMNS = `id, poster_id, title, description, category, image_url, status, claimed_by_id, pricing_type,
  custom_amount, time_limit, expires_at, created_at, lat, lng, earth_pos, location_description, is_scout_find,
  is_garage_sale, garage_sale_address, garage_sale_start_time, garage_sale_end_time, garage_sale_contact_info,
  interest_count, vote_count, still_there_count, last_still_there_check`;

@Injectable()
export class ItemsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<FeedRow | null> {
    const rows: FeedRow[] = await manager.query(
      `SELECT i.*, p.username AS poster_username, p.rank AS poster_rank, c.username AS claimer_username
       FROM items.items i
       LEFT JOIN items.posters p ON p.user_id = i.poster_id
       LEFT JOIN items.posters c ON c.user_id = i.claimed_by_id
       WHERE i.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** What a user posted (any status) and, when asked, what they hold; newest first, at most 100. */
  async byUser(userId: string, includeHeld: boolean, onlyAvailable: boolean): Promise<FeedRow[]> {
    return this.dataSource.query(
      `SELECT i.*, p.username AS poster_username, p.rank AS poster_rank, c.username AS claimer_username
       FROM items.items i
       LEFT JOIN items.posters p ON p.user_id = i.poster_id
       LEFT JOIN items.posters c ON c.user_id = i.claimed_by_id
       WHERE (i.poster_id = $1 OR ($2 AND i.claimed_by_id = $1))
         AND (NOT $3 OR i.status = 'available')
         AND i.status <> 'removed'
       ORDER BY i.created_at DESC, i.id DESC
       LIMIT 100`,
      [userId, includeHeld, onlyAvailable],
    );
  }

  /**
   * Newest available, unexpired items within the radius: each covering cell is walked newest-first on its
   * partial index and stops at `limit`, then the cells are merged. Distances are exact (earthdistance).
   */
  async feed(search: FeedSearch): Promise<FeedRow[]> {
    const grid = gridFor(search.radiusMiles);
    const cells = coveringCells(search.lat, search.lng, search.radiusMiles, grid);
    const radiusMeters = search.radiusMiles * METERS_PER_MILE;
    return this.dataSource.query(
      `WITH origin AS (SELECT ll_to_earth($1, $2) AS e)
       SELECT i.*, p.username AS poster_username, p.rank AS poster_rank, c.username AS claimer_username,
              earth_distance((SELECT e FROM origin), i.earth_pos) / ${METERS_PER_MILE} AS distance_miles
       FROM unnest($3::int[]) AS cell(id)
       CROSS JOIN LATERAL (
         SELECT ${ITEM_COLUMNS} FROM items.items it
         WHERE it.${grid.column} = cell.id
           AND it.status = 'available'
           AND it.expires_at > now()
           AND earth_distance((SELECT e FROM origin), it.earth_pos) <= $4
         ORDER BY it.created_at DESC, it.id DESC
         LIMIT $5
       ) i
       LEFT JOIN items.posters p ON p.user_id = i.poster_id
       LEFT JOIN items.posters c ON c.user_id = i.claimed_by_id
       ORDER BY i.created_at DESC, i.id DESC
       LIMIT $5`,
      [search.lat, search.lng, cells, radiusMeters, search.limit],
    );
  }
}
