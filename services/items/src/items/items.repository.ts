import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { feedQuery, FeedSearch } from './feed.query';

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

  /** Newest available, unexpired items within the radius, exact distances (see feed.query.ts). */
  async feed(search: FeedSearch): Promise<FeedRow[]> {
    const query = feedQuery(search);
    return this.dataSource.transaction(async (manager) => {
      for (const setting of query.settings) await manager.query(setting);
      return manager.query(query.text, query.params);
    });
  }
}
