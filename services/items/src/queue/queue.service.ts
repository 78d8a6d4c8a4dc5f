import { Injectable } from '@nestjs/common';
import { ClaimError, DomainError, Events, ItemError, QueueChange, QueueView } from '@curbside/contracts';
import { EventOutbox, Transaction } from '@curbside/platform';
import { EntityManager } from 'typeorm';
import { ACTIVE_RESERVATIONS, RESERVATION_MINUTES } from '../claims/claims.service';
import { ClaimsRepository } from '../claims/claims.repository';
import { BlocksRepository } from '../blocks/blocks.repository';
import { HoldExtensionsRepository } from '../holds/hold-extensions.repository';
import { HoldEnd, HoldsRepository, shownReliability } from '../holds/holds.repository';
import { PostersService } from '../posters/posters.service';
import { FreedItem, QueuedItem, QueueRepository } from './queue.repository';

/** docs/product-rules.md, "Queue". */
export const QUEUE_MAX = 20;
export const QUEUES_PER_MEMBER = 5;
const PLACEHOLDER_NAME = 'Neighbour';

/**
 * The line behind a hold: joining, leaving, who sees what, and handing the hold to the next member when a hold
 * ends without a pickup (released here, lapsed in the expiry sweep), in the transaction that ended it.
 */
@Injectable()
export class QueueService {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly queue: QueueRepository,
    private readonly claims: ClaimsRepository,
    private readonly members: PostersService,
    private readonly blocks: BlocksRepository,
    private readonly holds: HoldsRepository,
    private readonly extensions: HoldExtensionsRepository,
  ) {}

  async join(itemId: string, callerId: string): Promise<QueueChange> {
    return this.outbox.transaction((tx) => this.joinIn(tx, itemId, callerId));
  }

  /** Joining the line in a transaction of the caller's (a member's request, or their auto-claim: auto-claim.service.ts). */
  async joinIn(tx: Transaction, itemId: string, callerId: string, how: { autoClaimed?: true } = {}): Promise<QueueChange> {
    await this.queue.lockMemberQueues(tx.manager, callerId);
    const item = await this.queue.lockItem(tx.manager, itemId);
    if (!item || item.status === 'removed') throw notFound();
    if (item.poster_id === callerId) throw new DomainError(ItemError.OWN_ITEM, "You can't queue for your own item");
    // A member the poster blocked finds the item unavailable, never told why (docs/product-rules.md, Blocking).
    if (await this.blocks.isBlocked(item.poster_id, callerId, tx.manager)) throw new DomainError(ItemError.NOT_AVAILABLE, 'This item is no longer available');
    if (!item.listed || new Date(item.expires_at).getTime() <= Date.now() || (item.status !== 'available' && item.status !== 'first_dibs')) {
      throw new DomainError(ItemError.NOT_AVAILABLE, 'This item is no longer available');
    }
    if (item.status === 'available') throw new DomainError(ItemError.NOT_HELD, 'Nobody holds this item: call first dibs instead of queueing');
    if (item.reserved_by_id === callerId) throw new DomainError(ItemError.ALREADY_QUEUED, 'You already hold this item');
    const line = await this.queue.members(tx.manager, itemId);
    if (line.some((m) => m.user_id === callerId)) throw new DomainError(ItemError.ALREADY_QUEUED, 'You are already in line for this item');
    if (line.length >= QUEUE_MAX) throw new DomainError(ItemError.QUEUE_FULL, `The line for this item is full (${QUEUE_MAX} neighbours)`);
    if ((await this.queue.countMemberQueues(tx.manager, callerId, itemId)) >= QUEUES_PER_MEMBER) {
      throw new DomainError(ItemError.QUEUE_LIMIT, `You are already in line for ${QUEUES_PER_MEMBER} items: leave one before joining another`);
    }
    await this.queue.append(tx.manager, itemId, callerId, how.autoClaimed === true);
    const view = await this.viewOf(tx.manager, item, callerId);
    return { success: true, message: `You're number ${view.position} in line. We'll tell you the moment it's yours.`, queue: view };
  }

  async leave(itemId: string, callerId: string): Promise<QueueChange> {
    return this.outbox.transaction(async (tx) => {
      const item = await this.queue.lockItem(tx.manager, itemId);
      if (!item || item.status === 'removed') throw notFound();
      if (!(await this.queue.remove(tx.manager, itemId, callerId))) throw new DomainError(ItemError.NOT_QUEUED, 'You are not in line for this item');
      return { success: true, message: 'You left the line.', queue: await this.viewOf(tx.manager, item, callerId) };
    });
  }

  async view(itemId: string, callerId: string | undefined): Promise<QueueView> {
    return this.outbox.transaction(async (tx) => {
      const [item]: QueuedItem[] = await tx.manager.query(
        `SELECT id, poster_id, title, status, listed, expires_at, reserved_by_id, pricing_type, is_garage_sale FROM items.items WHERE id = $1`,
        [itemId],
      );
      if (!item || item.status === 'removed') throw notFound();
      return this.viewOf(tx.manager, item, callerId);
    });
  }

  /**
   * The poster of a paid item or a garage sale picks a member of the line: that member goes to the head of the line,
   * so the one hand-over (handOver below, when the current hold lapses or is released) gives them the hold. One holder
   * at a time, and no hand-over is left waiting for the poster (docs/product-rules.md, "Queue").
   */
  async pick(itemId: string, callerId: string, memberId: string): Promise<QueueChange> {
    return this.outbox.transaction(async (tx) => {
      const item = await this.queue.lockItem(tx.manager, itemId);
      if (!item || item.status === 'removed') throw notFound();
      if (item.poster_id !== callerId) throw new DomainError(ItemError.NOT_POSTER, 'Only the poster can pick from the line');
      if (item.pricing_type !== 'paid' && !item.is_garage_sale) {
        throw new DomainError(ItemError.PICK_NOT_ALLOWED, 'Free curb items go to the first in line: picking is for paid items and garage sales');
      }
      if (item.status !== 'first_dibs') throw new DomainError(ItemError.NOT_HELD, 'Nobody holds this item, so there is no line to pick from');
      const line = await this.queue.members(tx.manager, itemId);
      const member = line.find((m) => m.user_id === memberId);
      if (!member || (await this.blocks.isBlocked(item.poster_id, memberId, tx.manager))) {
        throw new DomainError(ItemError.PICK_NOT_IN_LINE, 'That member is not in line for this item');
      }
      const name = member.public_name ?? PLACEHOLDER_NAME;
      const barred = await this.holdBarred(tx.manager, memberId, itemId);
      if (barred === 'limit')
        throw new DomainError(
          ItemError.PICK_AT_HOLD_LIMIT,
          // Which limit stays theirs: the poster learns only that this member cannot take it now.
          `${name} can't take another hold right now: pick someone else`,
        );
      if (barred)
        throw new DomainError(
          ItemError.PICK_SUSPENDED,
          `${name}'s holds are paused for no-shows until ${barred.toISOString().slice(0, 10)}: pick someone else`,
        );
      await this.queue.moveToFront(tx.manager, itemId, memberId);
      // An armed Extra Reservation Time makes the hold they get longer (docs/product-rules.md, "Perks").
      const minutes = (await this.extensions.armedMinutes(tx.manager, memberId)) ?? RESERVATION_MINUTES;
      const message = `${name} is next: they get the hold for ${minutes} minutes when the current one ends.`;
      return { success: true, message, queue: await this.viewOf(tx.manager, item, callerId) };
    });
  }

  /**
   * Why a member may not be handed a hold now: 'limit' (they hold as many items as they may, or started as many holds
   * in the last 24 hours as they may), the day their no-show
   * suspension ends, or null. Counted without the member's reservation lock: taking it here, with the item's row
   * locked, could deadlock with that member reserving this very item; the window lets at most one extra hold through.
   */
  private async holdBarred(manager: EntityManager, userId: string, itemId: string): Promise<'limit' | Date | null> {
    const limit = (await this.members.member(manager, userId)).isVerified ? ACTIVE_RESERVATIONS.verified : ACTIVE_RESERVATIONS.unverified;
    if ((await this.claims.countHolds(manager, userId, itemId)) >= limit) return 'limit';
    if (await this.holds.dailyHoldsFreeAt(manager, userId)) return 'limit';
    return this.holds.suspendedUntil(manager, userId);
  }

  /** The holder gives the hold back; the next member in line gets it at once. */
  async releaseHold(itemId: string, callerId: string): Promise<{ success: boolean; message: string }> {
    return this.outbox.transaction(async (tx) => {
      const freed = await this.queue.release(tx.manager, itemId, callerId);
      if (!freed) {
        const item = await this.queue.lockItem(tx.manager, itemId);
        if (!item || item.status === 'removed') throw notFound();
        throw new DomainError(ClaimError.NOT_HOLDER, 'You do not hold this item');
      }
      tx.emit(Events.itemUpdated, { itemId: freed.id, posterId: freed.poster_id, title: freed.title, status: freed.status });
      await this.handOver(tx, freed, callerId, 'released');
      return { success: true, message: 'You released your hold.' };
    });
  }

  /**
   * The poster blocked a member who holds some of their items. The member can no longer claim them nor write about
   * them, so each hold ends now as nobody's fault ('gone'): left to lapse, it would be a no-show the poster could give
   * anyone by blocking and waiting. The next in line gets it, in the transaction that stores the block.
   */
  async endHoldsOfBlocked(tx: Transaction, posterId: string, memberId: string): Promise<void> {
    for (const freed of await this.queue.releaseAllOf(tx.manager, posterId, memberId)) {
      tx.emit(Events.itemUpdated, { itemId: freed.id, posterId: freed.poster_id, title: freed.title, status: freed.status });
      await this.handOver(tx, freed, memberId, 'released', 'gone');
    }
  }

  /**
   * In the transaction that ended a hold (item now available, row locked): the first member in line (the poster's
   * pick, for paid items and garage sales, is put there by pick above) who may take
   * another hold gets this one for 30 minutes (60 with an armed Extra Reservation Time); members at their hold limit are taken out of the line and told.
   * One `item.hold-handed-over` event says who got it and who was passed over.
   */
  async handOver(tx: Transaction, item: FreedItem, previousHolderId: string, reason: 'lapsed' | 'released', ended: HoldEnd = reason): Promise<string | null> {
    // A hold that ran out is a no-show; one that ended with its item (expired) is nobody's fault.
    await this.holds.end(tx.manager, item.id, previousHolderId, item.status !== 'available' ? 'gone' : ended);
    if (item.status !== 'available') return null;
    const skipped: string[] = [];
    let holder: string | null = null;
    let reservedUntil: string | null = null;
    for (;;) {
      const first = await this.queue.lockNext(tx.manager, item.id);
      if (!first) break;
      const next = first.userId;
      await this.queue.remove(tx.manager, item.id, next);
      // Blocked by the poster since they got in line: out of the line, and not told (nobody learns they were blocked).
      if (await this.blocks.isBlocked(item.poster_id, next, tx.manager)) continue;
      // At their hold limit, or suspended for no-shows: passed over, and told.
      if (await this.holdBarred(tx.manager, next, item.id)) {
        skipped.push(next);
        continue;
      }
      const reserved = await this.claims.reserveIfClaimable(tx.manager, item.id, next, RESERVATION_MINUTES);
      if (!reserved) break;
      // Extra Reservation Time counts for a hold handed over from the line too (docs/product-rules.md, "Queue").
      const extended = await this.extensions.extendNewHold(tx.manager, item.id, next);
      await this.holds.start(tx.manager, item.id, next, first.autoClaimed);
      holder = next;
      reservedUntil = new Date(extended?.reservedUntil ?? reserved.reserved_until).toISOString();
      break;
    }
    if (holder || skipped.length > 0) {
      tx.emit(Events.itemHoldHandedOver, {
        itemId: item.id,
        posterId: item.poster_id,
        title: item.title,
        previousHolderId,
        reason,
        holderId: holder,
        reservedUntil,
        skippedUserIds: skipped,
        handedOverAt: new Date().toISOString(),
      });
    }
    return holder;
  }

  private async viewOf(manager: EntityManager, item: QueuedItem, callerId: string | undefined): Promise<QueueView> {
    const line = item.status === 'first_dibs' ? await this.queue.members(manager, item.id) : [];
    const mine = line.find((m) => m.user_id === callerId);
    const isPoster = callerId === item.poster_id;
    const reliability = isPoster
      ? await this.holds.reliability(manager, [...line.map((m) => m.user_id), ...(item.reserved_by_id ? [item.reserved_by_id] : [])])
      : new Map();
    return {
      length: line.length,
      position: mine ? mine.position : null,
      members: isPoster
        ? line.map((m) => ({
            userId: m.user_id,
            publicName: m.public_name ?? PLACEHOLDER_NAME,
            position: m.position,
            joinedAt: new Date(m.joined_at).toISOString(),
            reliability: shownReliability(reliability.get(m.user_id)),
          }))
        : null,
      holderReliability: isPoster && item.status === 'first_dibs' && item.reserved_by_id ? shownReliability(reliability.get(item.reserved_by_id)) : null,
    };
  }
}

const notFound = () => new DomainError(ItemError.NOT_FOUND, 'Item not found');
