import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, Events, ItemError } from '@curbside/contracts';
import { EventOutbox, Transaction } from '@curbside/platform';
import { ItemEntity } from '../items/item.entity';
import { ItemsRepository } from '../items/items.repository';

/**
 * Three different verified neighbours saying "not there" since the last "still there" take an item down
 * (docs/security.md: throwaway accounts cannot remove a neighbour's post; their answers are recorded and shown).
 */
export const NOT_THERE_TO_REMOVE = 3;

/** Votes, still-there checks and garage-sale interest: one per neighbour, kept honest by primary keys. */
@Injectable()
export class EngagementService {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly items: ItemsRepository,
  ) {}

  /** One vote per user per item per the item's local day; returns the day's votes. */
  async vote(itemId: string, callerId: string): Promise<{ success: boolean; votes: number; message: string }> {
    return this.outbox.transaction(async (tx) => {
      const item = await this.listedItem(tx, itemId);
      if (item.posterId === callerId) throw new DomainError(ItemError.OWN_ITEM, "You can't vote for your own item");
      const [{ today }]: { today: string }[] = await tx.manager.query(`SELECT (now() AT TIME ZONE $1)::date::text AS today`, [item.timeZone]);
      const inserted: unknown[] = await tx.manager.query(
        `INSERT INTO items.votes (item_id, user_id, local_date) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING item_id`,
        [itemId, callerId, today],
      );
      if (inserted.length === 0) throw new DomainError(ItemError.ALREADY_VOTED, 'You already voted for this item today');
      const [[{ vote_count: votes, public_lat: publicLat, public_lng: publicLng }]]: [{ vote_count: number; public_lat: number; public_lng: number }[], number] =
        await tx.manager.query(
          `UPDATE items.items SET vote_count = CASE WHEN votes_date = $2 THEN vote_count + 1 ELSE 1 END, votes_date = $2
           WHERE id = $1 RETURNING vote_count, public_lat, public_lng`,
          [itemId, today],
        );
      tx.emit(Events.itemVoted, { itemId, posterId: item.posterId, voterId: callerId, votes, localDate: today, title: item.title, publicLat, publicLng });
      return { success: true, votes, message: 'Thanks for your vote!' };
    });
  }

  /** Once per user per item per local day. "Not there" from three neighbours since the last "still there" removes it. */
  async stillThere(itemId: string, callerId: string, stillThere: boolean) {
    return this.outbox.transaction(async (tx) => {
      const item = await this.listedItem(tx, itemId);
      if (item.posterId === callerId) throw new DomainError(ItemError.OWN_ITEM, 'Other neighbours confirm your item; you can edit or delete it');
      const inserted: unknown[] = await tx.manager.query(
        `INSERT INTO items.still_there_checks (item_id, user_id, check_date, still_there)
         VALUES ($1, $3, (now() AT TIME ZONE $2)::date, $4) ON CONFLICT DO NOTHING RETURNING item_id`,
        [itemId, item.timeZone, callerId, stillThere],
      );
      if (inserted.length === 0) throw new DomainError(ItemError.ALREADY_CONFIRMED, 'You already checked this item today');
      if (stillThere) {
        await tx.manager.query(`UPDATE items.items SET still_there_count = still_there_count + 1, last_still_there_check = now() WHERE id = $1`, [itemId]);
        return { success: true, message: 'Thanks for confirming it is still there!', stillThereCount: item.stillThereCount + 1, removed: false };
      }
      const [{ reports }]: { reports: number }[] = await tx.manager.query(
        `SELECT count(DISTINCT c.user_id)::int AS reports FROM items.still_there_checks c
         JOIN items.posters p ON p.user_id = c.user_id AND p.is_verified
         WHERE c.item_id = $1 AND NOT c.still_there AND c.created_at > coalesce($2::timestamptz, '-infinity')`,
        [itemId, item.lastStillThereCheck],
      );
      if (reports < NOT_THERE_TO_REMOVE) {
        return { success: true, message: 'Thanks for letting us know.', stillThereCount: item.stillThereCount, removed: false };
      }
      await tx.manager.update(ItemEntity, { id: itemId }, { status: 'removed', listed: false, removedAt: new Date(), updatedAt: new Date() });
      tx.emit(Events.itemRemoved, { itemId, posterId: item.posterId, title: item.title, reason: 'not_there' });
      return { success: true, message: 'Thanks: neighbours agree it is gone, so it has been taken down.', stillThereCount: item.stillThereCount, removed: true };
    });
  }

  /** Toggles interest in a garage sale. */
  async toggleInterest(itemId: string, callerId: string): Promise<{ isInterested: boolean; message: string; interestCount: number }> {
    return this.outbox.transaction(async (tx) => {
      const item = await this.listedItem(tx, itemId);
      if (!item.isGarageSale) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'Only garage sales take interest');
      const removed: [unknown[], number] = await tx.manager.query(`DELETE FROM items.interests WHERE item_id = $1 AND user_id = $2`, [itemId, callerId]);
      const isInterested = removed[1] === 0;
      if (isInterested) await tx.manager.query(`INSERT INTO items.interests (item_id, user_id) VALUES ($1, $2)`, [itemId, callerId]);
      const [[{ interest_count: interestCount }]]: [{ interest_count: number }[], number] = await tx.manager.query(
        `UPDATE items.items SET interest_count = interest_count + $2 WHERE id = $1 RETURNING interest_count`,
        [itemId, isInterested ? 1 : -1],
      );
      tx.emit(Events.garageSaleInterest, { itemId, posterId: item.posterId, userId: callerId, isInterested, interestCount });
      return {
        isInterested,
        interestCount,
        message: isInterested ? "You're interested! We'll keep this garage sale on your radar." : 'Interest removed',
      };
    });
  }

  private async listedItem(tx: Transaction, itemId: string): Promise<ItemEntity> {
    const item = await this.items.lock(tx.manager, itemId);
    if (!item.listed || item.expiresAt.getTime() <= Date.now()) throw new DomainError(ItemError.NOT_AVAILABLE, 'This item is no longer listed');
    return item;
  }
}

