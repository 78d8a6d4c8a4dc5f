import { Injectable } from '@nestjs/common';
import { DomainError, ItemError } from '@curbside/contracts';
import { earthDistanceSql, queryPrepared, readWithinDeadline } from '@curbside/platform';
import { DataSource, EntityManager } from 'typeorm';
import { CellDensity } from './cell-density';
import { feedQuery, FeedQuery, FeedSearch, spotlightsQuery, topFindsQuery } from './feed.query';
import { ItemEntity } from './item.entity';
import { flagsOf, ItemRow, itemViewColumns, posterJoins, ViewerFlagRow, viewerFlagColumns, ViewerFlags } from './item-row';

/** A list's row; the flags only when its search named a viewer (FeedSearch.viewerId). */
export type FeedRow = ItemRow & { sort_micros: string } & Partial<ViewerFlagRow>;
/** One of the (at most two) spotlights a feed's first page leads with. */
export type SpotlitRow = FeedRow & { spotlight_at: Date };

const SIMILAR_RADIUS_METERS = 0.1 * 1609.344;

@Injectable()
export class ItemsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly density: CellDensity,
  ) {}

  async findView(id: string, manager: EntityManager = this.dataSource.manager): Promise<ItemRow | null> {
    const rows: ItemRow[] = await manager.query(`SELECT ${itemViewColumns('i')} FROM items.items i ${posterJoins('i')} WHERE i.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Writes a new item; returns it as written. */
  async add(manager: EntityManager, fields: ItemEntity): Promise<ItemEntity> {
    const item = manager.create(ItemEntity, fields);
    await manager.insert(ItemEntity, item);
    return item;
  }

  /** Writes the changed columns of an item read (and locked) in this transaction. */
  async save(manager: EntityManager, item: ItemEntity): Promise<void> {
    await manager.save(ItemEntity, item, { reload: false });
  }

  async clearImage(manager: EntityManager, id: string): Promise<void> {
    await manager.update(ItemEntity, { id }, { imageUrl: null });
  }

  async find(id: string, manager: EntityManager = this.dataSource.manager): Promise<ItemEntity | null> {
    return manager.findOneBy(ItemEntity, { id });
  }

  /** The item row locked for the rest of the transaction; 404 "Item not found" when it is gone. */
  async lock(manager: EntityManager, id: string): Promise<ItemEntity> {
    const item = await manager.createQueryBuilder(ItemEntity, 'i').where('i.id = :id', { id }).setLock('pessimistic_write').getOne();
    if (!item || item.status === 'removed') throw new DomainError(ItemError.NOT_FOUND, 'Item not found');
    return item;
  }

  /** Takes the item off the app: removed and unlisted (its rows stay for the record). */
  async markRemoved(manager: EntityManager, id: string): Promise<void> {
    await manager.update(ItemEntity, { id }, { status: 'removed', listed: false, removedAt: new Date(), updatedAt: new Date() });
  }

  /** What the caller did to these items: a vote on their local today, interest. */
  async viewerFlags(callerId: string | undefined, ids: string[]): Promise<Map<string, ViewerFlags>> {
    const flags = new Map<string, ViewerFlags>();
    if (!callerId || ids.length === 0) return flags;
    // Prepared, as the lists' own statements are: the lists that do not say the flags with their rows run it.
    const rows = await queryPrepared<ViewerFlagRow & { id: string }>(this.dataSource.manager, {
      text: `SELECT i.id, ${viewerFlagColumns('i', '$2')} FROM items.items i WHERE i.id = ANY($1::uuid[])`,
      params: [ids, callerId],
    });
    for (const row of rows) flags.set(row.id, flagsOf(row));
    return flags;
  }

  /** What a user posted (any status but removed) and, when asked, what they hold; newest first, at most 100. */
  async byUser(userId: string, includeHeld: boolean, onlyListed: boolean): Promise<ItemRow[]> {
    return this.dataSource.query(
      `SELECT ${itemViewColumns('i')} FROM items.items i ${posterJoins('i')}
       WHERE (i.poster_id = $1 OR ($2 AND (i.claimed_by_id = $1 OR i.reserved_by_id = $1)))
         AND (NOT $3 OR i.listed)
         AND i.status <> 'removed'
       ORDER BY i.created_at DESC, i.id DESC
       LIMIT 100`,
      [userId, includeHeld, onlyListed],
    );
  }

  /** The page's newest rows and, when asked (a first page with a spotlight near), its spotlights: two statements sent at once. */
  async feed(search: FeedSearch, withSpotlights: boolean): Promise<{ newest: FeedRow[]; spotlit: SpotlitRow[] }> {
    const newestQuery = feedQuery({ ...search, grid: this.density.gridForFeed(search) });
    const [newest, spotlit] = await Promise.all([this.run<FeedRow>(newestQuery), withSpotlights ? this.run<SpotlitRow>(spotlightsQuery(search)) : []]);
    return { newest, spotlit };
  }

  async topFinds(search: { lat: number; lng: number; radiusMiles: number; limit: number }): Promise<ItemRow[]> {
    return this.run(topFindsQuery(search));
  }

  /** Possible duplicates: available, posted in the last 48 h, within 0.1 mile, with a similar title (pg_trgm). */
  async similar(lat: number, lng: number, title: string): Promise<ItemRow[]> {
    return readWithinDeadline(this.dataSource, (manager) =>
      manager.query(
        `SELECT ${itemViewColumns('i')}, ${earthDistanceSql('ll_to_earth($1, $2)', 'i.earth_pos')} / 1609.344 AS distance_miles
       FROM items.items i ${posterJoins('i')}
       WHERE i.title % $3
         AND i.listed AND i.status = 'available' AND i.expires_at > now()
         AND i.created_at > now() - interval '48 hours'
         AND earth_box(ll_to_earth($1, $2), $4) @> i.earth_pos
         AND ${earthDistanceSql('ll_to_earth($1, $2)', 'i.earth_pos')} <= $4
       ORDER BY similarity(i.title, $3) DESC, i.created_at DESC
       LIMIT 10`,
        [lat, lng, title, SIMILAR_RADIUS_METERS],
      ),
    );
  }

  /**
   * A list's statement, prepared on its connection (its text is one of a few shapes, every value a parameter) unless
   * it must be planned for its values (a search), and stopped at the call's deadline: a caller who gave up does not
   * hold a connection.
   */
  private run<T>(query: FeedQuery): Promise<T[]> {
    return readWithinDeadline(this.dataSource, (manager) => queryPrepared<T>(manager, query));
  }
}
