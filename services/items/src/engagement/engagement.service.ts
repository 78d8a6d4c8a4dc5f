import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, Events, ItemError } from '@curbside/contracts';
import { EventOutbox, Transaction } from '@curbside/platform';
import { BlocksRepository } from '../blocks/blocks.repository';
import { ItemEntity } from '../items/item.entity';
import { ItemsRepository } from '../items/items.repository';
import { ImpactService } from '../impact/impact.service';
import { PostersService } from '../posters/posters.service';
import { EngagementRepository } from './engagement.repository';

/**
 * Three different verified neighbours saying "not there" since the last "still there" take an item down
 * (docs/security.md: throwaway accounts cannot remove a neighbour's post; their answers are recorded and shown).
 */
export const NOT_THERE_TO_REMOVE = 3;
/**
 * A member's "not there" answers that count toward a removal in any 24 hours; later ones are kept and thanked for, and
 * count for nothing (docs/product-rules.md, "Still there"). Nobody sees that many items gone in a day; a few cheap
 * verified accounts taking down a neighbourhood's posts would.
 */
export const NOT_THERE_COUNTED_PER_DAY = 5;

/** Votes, still-there checks and garage-sale interest: one per neighbour, kept honest by primary keys. */
@Injectable()
export class EngagementService {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly engagement: EngagementRepository,
    private readonly items: ItemsRepository,
    private readonly members: PostersService,
    private readonly blocks: BlocksRepository,
    private readonly impact: ImpactService,
  ) {}

  /** One vote per user per item per the item's local day; returns the day's votes. */
  async vote(itemId: string, callerId: string): Promise<{ success: boolean; votes: number; message: string }> {
    return this.outbox.transaction(async (tx) => {
      const item = await this.listedItem(tx, itemId, callerId);
      if (item.posterId === callerId) throw new DomainError(ItemError.OWN_ITEM, "You can't vote for your own item");
      const today = await this.engagement.localToday(tx.manager, item.timeZone);
      if (!(await this.engagement.addVote(tx.manager, itemId, callerId, today))) {
        throw new DomainError(ItemError.ALREADY_VOTED, 'You already voted for this item today');
      }
      const { votes, countedVotes, counted, publicLat, publicLng } = await this.engagement.countVote(tx.manager, itemId, callerId, today);
      tx.emit(Events.itemVoted, {
        itemId,
        posterId: item.posterId,
        voterId: callerId,
        votes,
        countedVotes,
        counted,
        localDate: today,
        title: item.title,
        publicLat,
        publicLng,
      });
      return { success: true, votes, message: 'Thanks for your vote!' };
    });
  }

  /**
   * Once per user per item per local day. "Not there" from three verified neighbours since the last "still there"
   * removes it, each counting only among their first NOT_THERE_COUNTED_PER_DAY in 24 hours.
   */
  async stillThere(itemId: string, callerId: string, stillThere: boolean, device?: string) {
    return this.outbox.transaction(async (tx) => {
      const item = await this.listedItem(tx, itemId, callerId);
      // The device the member answers from: an answer from the poster's own device confirms nothing (below).
      await this.impact.noteDevice(tx.manager, callerId, device);
      if (item.posterId === callerId) throw new DomainError(ItemError.OWN_ITEM, 'Other neighbours confirm your item; you can edit or delete it');
      let counts = true;
      if (!stillThere) {
        await this.engagement.lockMemberNotThere(tx.manager, callerId);
        counts = (await this.engagement.countedNotThereToday(tx.manager, callerId)) < NOT_THERE_COUNTED_PER_DAY;
      }
      if (!(await this.engagement.addCheck(tx.manager, itemId, item.timeZone, callerId, stillThere, counts))) {
        throw new DomainError(ItemError.ALREADY_CONFIRMED, 'You already checked this item today');
      }
      if (stillThere) {
        // From a verified member who is not, by the signs we have, the poster again (seen on the poster's device): only
        // such an answer may make the post's points final (it travels with the act) or start the count of "not there"
        // afresh, as only verified answers count toward taking it down. Any other member's still confirms it.
        const linked = await this.impact.linkedToPoster(tx.manager, item.posterId, callerId);
        const verified = !linked && (await this.members.member(tx.manager, callerId)).isVerified;
        await this.engagement.countStillThere(tx.manager, itemId, { confirms: !linked, restartsNotThere: verified });
        tx.emit(Events.itemStillThere, { itemId, posterId: item.posterId, confirmerId: callerId, verified, confirmedAt: new Date().toISOString() });
        return { success: true, message: 'Thanks for confirming it is still there!', stillThereCount: item.stillThereCount + 1, removed: false };
      }
      const reports = await this.engagement.verifiedNotThereSince(tx.manager, itemId, item.lastStillThereCheck);
      if (reports < NOT_THERE_TO_REMOVE) {
        return { success: true, message: 'Thanks for letting us know.', stillThereCount: item.stillThereCount, removed: false };
      }
      await this.items.markRemoved(tx.manager, itemId);
      tx.emit(Events.itemRemoved, { itemId, posterId: item.posterId, title: item.title, reason: 'not_there' });
      return {
        success: true,
        message: 'Thanks: neighbours agree it is gone, so it has been taken down.',
        stillThereCount: item.stillThereCount,
        removed: true,
      };
    });
  }

  /** Toggles interest in a garage sale. */
  async toggleInterest(itemId: string, callerId: string): Promise<{ isInterested: boolean; message: string; interestCount: number }> {
    return this.outbox.transaction(async (tx) => {
      const item = await this.listedItem(tx, itemId, callerId);
      if (!item.isGarageSale) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'Only garage sales take interest');
      const isInterested = !(await this.engagement.removeInterest(tx.manager, itemId, callerId));
      if (isInterested) await this.engagement.addInterest(tx.manager, itemId, callerId);
      const interestCount = await this.engagement.countInterest(tx.manager, itemId, isInterested ? 1 : -1);
      tx.emit(Events.garageSaleInterest, { itemId, posterId: item.posterId, userId: callerId, isInterested, interestCount });
      return {
        isInterested,
        interestCount,
        message: isInterested ? "You're interested! We'll keep this garage sale on your radar." : 'Interest removed',
      };
    });
  }

  /**
   * The item, locked, when the caller may act on it: listed, and not the item of a poster who blocked them (a
   * blocked member cannot vote up, mark interest in, or say "not there" about it to take it down; docs/product-rules.md,
   * Blocking). Both refusals read the same, so nobody learns they were blocked.
   */
  private async listedItem(tx: Transaction, itemId: string, callerId: string): Promise<ItemEntity> {
    const item = await this.items.lock(tx.manager, itemId);
    if (!item.listed || item.expiresAt.getTime() <= Date.now() || (await this.blocks.isBlocked(item.posterId, callerId, tx.manager))) {
      throw new DomainError(ItemError.NOT_AVAILABLE, 'This item is no longer listed');
    }
    return item;
  }
}
