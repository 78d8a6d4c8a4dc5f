import { Injectable } from '@nestjs/common';
import { DomainError, ItemError } from '@curbside/contracts';
import { queryPrepared, readWithinDeadline } from '@curbside/platform';
import { DataSource, EntityManager } from 'typeorm';
import { CellDensity } from './cell-density';
import { feedQuery, FeedQuery, FeedSearch, spotlightsQuery, topFindsQuery } from './feed.query';
import { ItemEntity } from './item.entity';
import { ItemJsonRow, itemJsonColumns, ItemRow, itemRowColumns, posterJoins } from './item-row';

/** A feed's row: the item as its reader sees it, and where it stands in the newest-first order. */
export type FeedRow = ItemJsonRow & { sort_micros: string };
/** One of the (at most two) spotlights a feed's first page leads with. */
export type SpotlitRow = FeedRow & { spotlight_at: Date };

const SIMILAR_RADIUS_METERS = 0.1 * 1609.344;

@Injectable()
export class ItemsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly density: CellDensity,
  ) {}

  /** The item's own columns and its view for the caller (none: an anonymous reader's view). */
  async findView(id: string, manager: EntityManager = this.dataSource.manager, callerId?: string): Promise<(ItemRow & ItemJsonRow) | null> {
    const rows: (ItemRow & ItemJsonRow)[] = await manager.query(
      `SELECT ${itemRowColumns('i')}, ${itemJsonColumns('i', { caller: callerId ? '$2' : undefined })} FROM items.items i ${posterJoins('i')} WHERE i.id = $1`,
      callerId ? [id, callerId] : [id],
    );
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

  /** What a user posted (any status but removed) and, when asked, what they hold; newest first, at most 100. */
  async byUser(userId: string, includeHeld: boolean, onlyListed: boolean, callerId: string | undefined): Promise<ItemJsonRow[]> {
    return this.dataSource.query(
      `SELECT ${itemJsonColumns('i', { caller: callerId ? '$4' : undefined })} FROM items.items i ${posterJoins('i')}
       WHERE (i.poster_id = $1 OR ($2 AND (i.claimed_by_id = $1 OR i.reserved_by_id = $1)))
         AND (NOT $3 OR i.listed)
         AND i.status <> 'removed'
       ORDER BY i.created_at DESC, i.id DESC
       LIMIT 100`,
      callerId ? [userId, includeHeld, onlyListed, callerId] : [userId, includeHeld, onlyListed],
    );
  }

  /** The page's newest rows and, when asked (a first page with a spotlight near), its spotlights: two statements sent at once. */
  async feed(search: FeedSearch, withSpotlights: boolean): Promise<{ newest: FeedRow[]; spotlit: SpotlitRow[] }> {
    const newestQuery = feedQuery({ ...search, grid: this.density.gridForFeed(search) });
    const [newest, spotlit] = await Promise.all([this.run<FeedRow>(newestQuery), withSpotlights ? this.run<SpotlitRow>(spotlightsQuery(search)) : []]);
    return { newest, spotlit };
  }

  async topFinds(search: { lat: number; lng: number; radiusMiles: number; limit: number; viewerId?: string }): Promise<ItemJsonRow[]> {
    return this.run(topFindsQuery(search));
  }

  /** Possible duplicates: available, posted in the last 48 h, within 0.1 mile, with a similar title (pg_trgm). */
  async similar(lat: number, lng: number, title: string, callerId: string | undefined): Promise<ItemJsonRow[]> {
    return readWithinDeadline(this.dataSource, (manager) =>
      manager.query(
        `SELECT ${itemJsonColumns('i', { caller: callerId ? '$5' : undefined, distanceMiles: 'earth_distance(ll_to_earth($1, $2), i.earth_pos) / 1609.344' })}
       FROM items.items i ${posterJoins('i')}
       WHERE i.title % $3
         AND i.listed AND i.status = 'available' AND i.expires_at > now()
         AND i.created_at > now() - interval '48 hours'
         AND earth_box(ll_to_earth($1, $2), $4) @> i.earth_pos
         AND earth_distance(ll_to_earth($1, $2), i.earth_pos) <= $4
       ORDER BY similarity(i.title, $3) DESC, i.created_at DESC
       LIMIT 10`,
        callerId ? [lat, lng, title, SIMILAR_RADIUS_METERS, callerId] : [lat, lng, title, SIMILAR_RADIUS_METERS],
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
