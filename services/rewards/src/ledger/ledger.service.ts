import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  actionPoints,
  DAILY_POST_CREDITS,
  Events,
  EventPayload,
  PENDING_POINTS_FINAL_AFTER_MS,
  PointsReason,
  QUICK_DELETE_MINUTES,
  rankForPoints,
  RewardsSummary,
  SubscriptionTier,
} from '@curbside/contracts';
import { Transaction } from '@curbside/platform';
import { badgeBonus, newlyEarnedBadges } from '../badges/badge.rules';
import { BadgesRepository } from '../badges/badges.repository';
import { BalanceRow, LedgerRepository } from './ledger.repository';
import { MembersRepository } from './members.repository';
import { PendingCreditRow, PendingCreditsRepository } from './pending-credits.repository';
import { PostCreditRow, PostCreditsRepository, UncreditedPost, WithdrawalKind } from './post-credits.repository';

/** A post deleted by its poster within this long of posting takes its points back (the shop's text says the same). */
export const QUICK_DELETE_MS = QUICK_DELETE_MINUTES * 60 * 1000;
export { DAILY_POST_CREDITS };

/** The transaction of the event being applied: its id is the cause of every entry it writes. */
export type EventTransaction = Transaction & { event: { id: string; occurredAt: string } };

type Posted = EventPayload<typeof Events.itemPosted>;
type Claimed = EventPayload<typeof Events.itemClaimed>;

/** One ledger entry to write; `sourceEventId` + `reason` (and `itemId` + `reason`) make it unique. */
interface Entry {
  userId: string;
  amount: number;
  reason: string;
  sourceEventId: string;
  itemId?: string;
  localDate?: string | null;
  causeAt?: string;
  /** Whether the entry counts toward points earned (rank, leaderboard, badges): not for shop redemptions. */
  countsAsEarned: boolean;
  /** How it moves the points owed: a reversal adds what it could not take back, a repayment takes it off. */
  owedDelta?: number;
}

/** A post as the day's ten slots see it. */
type DayPost = UncreditedPost;

/** What withdraws a post: its event, when it happened, and how (a deletion, a removal after reports, or "not there"). */
interface Withdrawal {
  sourceEventId: string;
  at: string;
  kind: WithdrawalKind;
}

/**
 * Whether a withdrawal takes final points back (and frees the post's slot of the day): a removal after reports, or
 * a deletion within QUICK_DELETE_MINUTES of the post. Pending points every withdrawal voids.
 */
function takesFinalPointsBack(withdrawal: Withdrawal, postedAt: Date | null): boolean {
  if (withdrawal.kind === 'reported') return true;
  return withdrawal.kind === 'deleted' && postedAt !== null && Date.parse(withdrawal.at) - postedAt.getTime() <= QUICK_DELETE_MS;
}

/**
 * The earliest a post's points can become final, however soon it was confirmed: just after the quick-delete window,
 * while a deletion could still take them back. Final and spent inside it, they could not be taken back (the balance
 * never goes below zero) and the deletion would free the day's slot for the next post: points for nothing, again
 * and again.
 */
function notFinalBefore(credit: { cause_at: Date }): number {
  return credit.cause_at.getTime() + QUICK_DELETE_MS + 1;
}

/** How many of a member's latest entries their rewards page shows. */
const RECENT_ENTRIES = 10;

/**
 * The points ledger: every credit and debit a row tied to its cause, the balance and points earned kept in the
 * same transaction, badges evaluated after every change. All of it runs inside the event's own transaction, so
 * a replayed event changes nothing (the consumer has seen it, and the entries are unique per cause besides).
 */
@Injectable()
export class LedgerService {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly postCredits: PostCreditsRepository,
    private readonly members: MembersRepository,
    private readonly badges: BadgesRepository,
    private readonly pending: PendingCreditsRepository,
  ) {}

  /**
   * item.posted → +10 (+25 for a scout find), times the tier multiplier, for the first ten posts of a local day:
   * pending until the pickup (settlePending), counting toward nothing until then.
   */
  async creditPost(tx: EventTransaction, item: Posted): Promise<void> {
    await this.pending.lockItem(tx.manager, item.itemId);
    const reason: PointsReason = item.isScoutFind ? 'scout_find' : 'post_item';
    // The poster's local day, in the zone their days are counted in, not the item's: posts placed in far-apart zones
    // share one day's ten.
    const localDate = await this.postCredits.localDate(tx.manager, item.createdAt, item.posterTimeZone ?? item.timeZone ?? 'UTC');
    const post: DayPost = {
      itemId: item.itemId,
      userId: item.posterId,
      reason,
      amount: actionPoints(reason, item.posterTier ?? (await this.tierOf(tx, item.posterId))),
      localDate,
      createdAt: item.createdAt,
      sourceEventId: tx.event.id,
    };
    if (!(await this.creditInSlot(tx, post))) {
      // Past the day's ten: it earns nothing and counts toward no badge; it waits for a slot that a withdrawal from
      // before it frees (fillFreedSlot).
      await this.postCredits.keepUncredited(tx.manager, post);
    }
    // A withdrawal from before the post was announced withdrew a post nobody had been told of: one the automated
    // checks held as it was written, that a moderator removed and another brought back on appeal. Its announcement
    // (item.posted at the overturn, with the post's own time) starts its points afresh.
    await this.postCredits.forgetPendingReversalsBefore(tx.manager, item.itemId, tx.event.occurredAt);
    await this.applyPendingReversals(tx, item.itemId);
    await this.settlePending(tx, item.itemId);
  }

  /**
   * Credits the post if a slot of its day was free when it was made: the day's credited posts from before it (or
   * the same instant), less those withdrawn before it (a reversal is dated by its withdrawal), are fewer than ten.
   * Counted by when things happened, not by when they were delivered, so a withdrawal delivered early frees no slot
   * for a post made before it. The day's row is locked first: two posts of one member are credited one at a time.
   */
  private async creditInSlot(tx: Transaction, post: DayPost): Promise<boolean> {
    await this.postCredits.lockDay(tx.manager, post.userId, post.localDate);
    const standing =
      (await this.postCredits.paidPostsStandingAt(tx.manager, post.userId, post.localDate, post.createdAt)) +
      (await this.pending.standingAt(tx.manager, post.userId, post.localDate, post.createdAt));
    if (standing >= DAILY_POST_CREDITS) return false;
    const kept = await this.pending.keep(tx.manager, {
      itemId: post.itemId,
      userId: post.userId,
      reason: post.reason,
      amount: post.amount,
      localDate: post.localDate,
      causeAt: post.createdAt,
      sourceEventId: post.sourceEventId,
      finalBy: new Date(Date.parse(post.createdAt) + PENDING_POINTS_FINAL_AFTER_MS).toISOString(),
    });
    if (!kept) return false;
    await this.postCredits.countPaid(tx.manager, post.userId, post.localDate);
    await this.pending.movePending(tx.manager, post.userId, post.amount);
    return true;
  }

  /**
   * A verified pickup (item.claimed) or a verified member's "still there" (item.still-there): the post's pending
   * points become final. Kept as the item's confirmation besides, for a credit delivered after it. A confirmation
   * from before a withdrawal that was delivered after it finds the credit voided: it was final first, so it is
   * credited and then taken back, as it would have been in order.
   */
  async confirmItem(tx: EventTransaction, itemId: string, confirmedAt: string): Promise<void> {
    await this.pending.lockItem(tx.manager, itemId);
    await this.pending.confirm(tx.manager, itemId, confirmedAt, tx.event.id);
    const credit = await this.pending.lockOf(tx.manager, itemId);
    if (!credit) return;
    if (!credit.withdrawn_at) return this.finaliseIfDue(tx, credit);
    if ((await this.finalAt(tx, credit)) >= credit.withdrawn_at.getTime() || !credit.withdrawal_event_id) return;
    await this.pending.take(tx.manager, itemId);
    // The void already freed its slot; the credit counts as a post now and the reversal uncounts it, as in order.
    await this.creditFinal(tx, credit);
    const final = await this.postCredits.creditOf(tx.manager, itemId);
    if (final)
      await this.reverseCredit(
        tx,
        final,
        { sourceEventId: credit.withdrawal_event_id, at: credit.withdrawn_at.toISOString(), kind: credit.withdrawal_kind ?? 'reported' },
        false,
      );
  }

  /**
   * The six hours: every pending credit whose post is six hours old becomes final, dated by its post, whenever the
   * sweep runs. Rows are picked FOR UPDATE SKIP LOCKED, so sweeps (replicas) running at once finalise each one once.
   */
  async finaliseDue(tx: Transaction, now: Date, limit: number): Promise<number> {
    const due = await this.pending.lockDue(tx.manager, now, limit);
    for (const credit of due) await this.finalise(tx, credit);
    return due.length;
  }

  /**
   * Right after a credit is kept: final at once if the item was confirmed already (the confirmation was delivered
   * first). A post six hours old on arrival waits for the sweep like any other, within a minute.
   */
  private async settlePending(tx: Transaction, itemId: string): Promise<void> {
    const credit = await this.pending.lockOf(tx.manager, itemId);
    if (!credit || credit.withdrawn_at) return;
    if (await this.pending.confirmedAt(tx.manager, itemId)) await this.finaliseIfDue(tx, credit);
  }

  /**
   * When a pending credit became (or becomes) final: its confirmation, but not inside the post's quick-delete window
   * (notFinalBefore), else six hours after its post.
   */
  private async finalAt(tx: Transaction, credit: { item_id: string; cause_at: Date; final_by: Date }): Promise<number> {
    const confirmed = await this.pending.confirmedAt(tx.manager, credit.item_id);
    return Math.min(credit.final_by.getTime(), confirmed ? Math.max(confirmed.getTime(), notFinalBefore(credit)) : Infinity);
  }

  /** A confirmed credit: final now if its time has come, else final when it does (the sweep, by its final_by). */
  private async finaliseIfDue(tx: Transaction, credit: PendingCreditRow): Promise<void> {
    const at = await this.finalAt(tx, credit);
    if (at <= Date.now()) return this.finalise(tx, credit);
    await this.pending.finalBy(tx.manager, credit.item_id, new Date(at));
  }

  private async finalise(tx: Transaction, credit: PendingCreditRow): Promise<void> {
    if (!(await this.pending.take(tx.manager, credit.item_id))) return;
    await this.pending.movePending(tx.manager, credit.user_id, -credit.amount);
    await this.creditFinal(tx, credit);
  }

  /**
   * The post's ledger entry, under the post's own event: now it counts toward balance, rank, badges and leaderboard,
   * and as a post toward the post badges (a post counts there only once its points are final).
   */
  private async creditFinal(tx: Transaction, credit: PendingCreditRow): Promise<void> {
    await this.apply(tx, {
      userId: credit.user_id,
      amount: credit.amount,
      reason: credit.reason,
      sourceEventId: credit.source_event_id,
      itemId: credit.item_id,
      localDate: credit.local_date,
      causeAt: credit.cause_at.toISOString(),
      countsAsEarned: true,
    });
    await this.badges.countPost(tx.manager, credit.user_id, credit.reason === 'scout_find');
    await this.awardBadges(tx, credit.user_id, credit.source_event_id);
  }

  /**
   * A withdrawal delivered after posts of its day that found the ten taken: the first of them made after it gets
   * the freed slot, as it would have had the withdrawal been delivered first. Credited under its own event, with
   * its badges and any withdrawal of its own that is waiting.
   */
  private async fillFreedSlot(tx: Transaction, userId: string, localDate: string, withdrawnAt: string): Promise<void> {
    for (const post of await this.postCredits.uncreditedAfter(tx.manager, userId, localDate, withdrawnAt)) {
      if (!(await this.creditInSlot(tx, post))) continue;
      await this.postCredits.forgetUncredited(tx.manager, post.itemId);
      await this.applyPendingReversals(tx, post.itemId);
      await this.settlePending(tx, post.itemId);
    }
  }

  /**
   * item.claimed (a claim whose pickup photo passed: a verified pickup) → +5 for the claimer, final at once;
   * progress toward Community Helper and Community Champion; the post's pending points become final. Nothing for a
   * pickup between linked accounts (`linkedAccounts`, decided by items as the pickup is weighed for impact).
   */
  async creditClaim(tx: EventTransaction, claim: Claimed): Promise<void> {
    // A pickup between accounts likely of one person (seen on one device) pays nothing: no claim points, no badge
    // progress, and the post's points wait for their six hours.
    if (claim.linkedAccounts) return;
    // Picking up one's own post is no help to a neighbour: no progress toward Community Helper or Champion.
    if (claim.posterId !== claim.claimerId) await this.badges.countClaim(tx.manager, claim.claimerId, claim.posterId, claim.pricingType === 'free');
    const amount = actionPoints('pickup_claim', claim.claimerTier ?? (await this.tierOf(tx, claim.claimerId)));
    await this.apply(tx, {
      userId: claim.claimerId,
      amount,
      reason: 'pickup_claim',
      sourceEventId: tx.event.id,
      itemId: claim.itemId,
      causeAt: claim.claimedAt,
      countsAsEarned: true,
    });
    await this.awardBadges(tx, claim.claimerId, tx.event.id);
    // A verified pickup by a neighbour makes the post's points final; the poster picking up their own post does not.
    if (claim.posterId !== claim.claimerId) await this.confirmItem(tx, claim.itemId, claim.claimedAt);
  }

  /**
   * Takes a post's points back (a ledger entry of its own; badges stay): when its poster deletes it within an
   * hour of posting (`deletedAt`), or whenever it is removed after reports (no `deletedAt`). Its slot of the
   * day's ten is freed, so points always match the posts that still stand. A withdrawal delivered before the
   * post's credit is kept as pending, and the credit takes it back when it arrives (applyPendingReversals).
   */
  async reversePost(tx: EventTransaction, itemId: string, kind: WithdrawalKind): Promise<void> {
    await this.pending.lockItem(tx.manager, itemId);
    const withdrawal: Withdrawal = { sourceEventId: tx.event.id, at: tx.event.occurredAt, kind };
    const pending = await this.pending.lockOf(tx.manager, itemId);
    if (pending) return this.reversePending(tx, pending, withdrawal);
    const credit = await this.postCredits.creditOf(tx.manager, itemId);
    if (credit) return this.reverseCredit(tx, credit, withdrawal);
    await this.postCredits.keepPendingReversal(tx.manager, { itemId, sourceEventId: withdrawal.sourceEventId, withdrawnAt: withdrawal.at, kind });
  }

  /**
   * The withdrawals of this item that arrived before its credit, applied right after the credit and its badges,
   * each under its own event id: the ledger, the day's slots and the badges end as if they had come in order.
   * A post that earned nothing (past the day's ten) has nothing to take back; its withdrawals go all the same.
   */
  private async applyPendingReversals(tx: Transaction, itemId: string): Promise<void> {
    const waiting = await this.postCredits.takePendingReversals(tx.manager, itemId);
    if (waiting.length === 0) return;
    // In the order they happened: the first that qualifies reverses (one reversal per item), as it would have in order.
    waiting.sort((a, b) => a.withdrawn_at.getTime() - b.withdrawn_at.getTime());
    for (const p of waiting) {
      const withdrawal: Withdrawal = { sourceEventId: p.source_event_id, at: p.withdrawn_at.toISOString(), kind: p.kind };
      const pending = await this.pending.lockOf(tx.manager, itemId);
      if (pending) {
        await this.reversePending(tx, pending, withdrawal);
        continue;
      }
      const credit = await this.postCredits.creditOf(tx.manager, itemId);
      if (credit) await this.reverseCredit(tx, credit, withdrawal);
    }
  }

  /**
   * A withdrawal of a post whose points are pending. Before they became final (its confirmation or its six hours,
   * by when things happened) it voids them, whatever its kind: they never count. One that would take final points
   * back frees the day's slot too; the others leave the slot taken (withdrawal_keeps_slot). After, they were final:
   * they are made final now (a sweep may not have run yet) and taken back if the withdrawal takes final points back.
   */
  private async reversePending(tx: Transaction, credit: PendingCreditRow, withdrawal: Withdrawal): Promise<void> {
    if (credit.withdrawn_at) return;
    if (Date.parse(withdrawal.at) >= (await this.finalAt(tx, credit))) {
      await this.finalise(tx, credit);
      const final = await this.postCredits.creditOf(tx.manager, credit.item_id);
      if (final) await this.reverseCredit(tx, final, withdrawal);
      return;
    }
    const freesSlot = takesFinalPointsBack(withdrawal, credit.cause_at);
    await this.pending.withdraw(tx.manager, credit.item_id, { ...withdrawal, keepsSlot: !freesSlot });
    await this.pending.movePending(tx.manager, credit.user_id, -credit.amount);
    if (!freesSlot) return;
    await this.postCredits.uncountPaid(tx.manager, credit.user_id, credit.local_date);
    await this.fillFreedSlot(tx, credit.user_id, credit.local_date, withdrawal.at);
  }

  /**
   * A withdrawal of a post whose points are final (the ledger holds its credit). One that happened while they were
   * still pending, delivered after the sweep made them final by the clock, voids them as it would have in order: all
   * taken back, and the day's slot freed only by a withdrawal that frees it (reason `post_void` keeps it taken, as
   * withdrawal_keeps_slot does for a pending credit). Else only a withdrawal that takes final points back does.
   * One withdrawal per post, as for a pending credit. `freeSlot`: false when a void of the same credit freed its slot
   * already (confirmItem).
   */
  private async reverseCredit(tx: Transaction, credit: PostCreditRow, withdrawal: Withdrawal, freeSlot = true): Promise<void> {
    const takesBack = takesFinalPointsBack(withdrawal, credit.cause_at);
    if (!takesBack && !(await this.wasPendingAt(tx, credit, withdrawal))) return;
    if (await this.postCredits.withdrawn(tx.manager, credit.item_id)) return;
    const points = await this.ledger.lockPoints(tx.manager, credit.user_id);
    // The balance never goes below zero: what was spent already is owed, and paid out of the next credits (apply).
    const taken = Math.min(credit.amount, points ?? 0);
    const applied = await this.apply(tx, {
      userId: credit.user_id,
      amount: -taken,
      owedDelta: credit.amount - taken,
      earnedAmount: -credit.amount,
      reason: takesBack ? 'post_reversal' : 'post_void',
      sourceEventId: withdrawal.sourceEventId,
      itemId: credit.item_id,
      // Dated by the withdrawal: the day's slots are counted by when things happened (creditInSlot).
      causeAt: withdrawal.at,
      countsAsEarned: true,
    });
    if (!applied) return;
    await this.badges.uncountPost(tx.manager, credit.user_id, credit.reason === 'scout_find');
    if (credit.local_date && freeSlot && takesBack) {
      await this.postCredits.uncountPaid(tx.manager, credit.user_id, credit.local_date);
      await this.fillFreedSlot(tx, credit.user_id, credit.local_date, withdrawal.at);
    }
  }

  /** Whether the withdrawal came before the credit's points were final (dated entries only: older ones have no post time). */
  private async wasPendingAt(tx: Transaction, credit: PostCreditRow, withdrawal: Withdrawal): Promise<boolean> {
    if (!credit.cause_at) return false;
    const finalBy = new Date(credit.cause_at.getTime() + PENDING_POINTS_FINAL_AFTER_MS);
    return Date.parse(withdrawal.at) < (await this.finalAt(tx, { item_id: credit.item_id, cause_at: credit.cause_at, final_by: finalBy }));
  }

  /**
   * Writes one entry and moves the balance (and points earned) with it; announces the new balance, a rank
   * change, and, through awardBadges, badges. Returns false when the entry existed already (a replay).
   */
  async apply(tx: Transaction, entry: Entry & { earnedAmount?: number }): Promise<BalanceRow | null> {
    const entryId = randomUUID();
    const written = await this.ledger.addEntry(tx.manager, {
      id: entryId,
      userId: entry.userId,
      amount: entry.amount,
      reason: entry.reason,
      sourceEventId: entry.sourceEventId,
      itemId: entry.itemId ?? null,
      localDate: entry.localDate ?? null,
      causeAt: entry.causeAt ?? null,
    });
    if (!written) return null;
    const earnedDelta = entry.countsAsEarned ? (entry.earnedAmount ?? entry.amount) : 0;
    const balance = await this.ledger.moveBalance(tx.manager, entry.userId, entry.amount, earnedDelta, entry.owedDelta ?? 0);
    this.announce(tx, entry, entryId, balance, balance.earned - earnedDelta);
    if (entry.amount <= 0 || balance.owed === 0) return balance;
    // Points owed (a reversal found them spent) are paid first: an entry of its own, under the same cause.
    const repaid = Math.min(balance.owed, entry.amount);
    const after = await this.apply(tx, {
      userId: entry.userId,
      amount: -repaid,
      owedDelta: -repaid,
      reason: `repaid:${entry.reason}`,
      sourceEventId: entry.sourceEventId,
      itemId: entry.itemId,
      countsAsEarned: false,
    });
    return after ?? balance;
  }

  /** Awards every badge the user's progress now earns, each once with its bonus; a bonus may earn the next. */
  async awardBadges(tx: Transaction, userId: string, sourceEventId: string): Promise<void> {
    for (;;) {
      const progress = await this.badges.progress(tx.manager, userId);
      const [badge] = newlyEarnedBadges({
        earnedPoints: progress.earned,
        posts: progress.posts,
        scoutFinds: progress.scout_finds,
        helpedClaims: progress.helped_claims,
        membersClaimedFrom: progress.members,
        held: new Set(progress.badges),
      });
      if (!badge) return;
      const won = await this.badges.win(tx.manager, userId, badge, sourceEventId);
      await this.ledger.listBadge(tx.manager, userId, badge);
      if (!won) continue;
      const bonusPoints = badgeBonus(badge);
      tx.emit(Events.badgeEarned, { userId, badge, bonusPoints, sourceEventId, earnedAt: new Date().toISOString() });
      await this.apply(tx, { userId, amount: bonusPoints, reason: `badge:${badge}`, sourceEventId, countsAsEarned: true });
    }
  }

  async balance(userId: string): Promise<{ userId: string; balance: number; pendingPoints: number; entries: number }> {
    const row = await this.ledger.balance(userId);
    return { userId, balance: row.points, pendingPoints: row.pending, entries: row.version };
  }

  async summary(userId: string): Promise<RewardsSummary> {
    const row = await this.ledger.standing(userId);
    const entries = await this.ledger.recentEntries(userId, RECENT_ENTRIES);
    return {
      points: row.points,
      pendingPoints: row.pending,
      earnedPoints: row.earned,
      rank: rankForPoints(row.earned),
      badges: row.badges,
      redemptions: row.redemptions,
      recentActivity: entries.map((e) => ({
        id: e.id,
        activityType: e.reason,
        description: `${e.amount >= 0 ? '+' : ''}${e.amount} points: ${describeReason(e.reason)}`,
        createdAt: e.created_at.toISOString(),
      })),
    };
  }

  /** user.created / user.updated → tier (multipliers), username and scout mode (leaderboard), newest version wins. */
  async mirrorMember(tx: Transaction, user: EventPayload<typeof Events.userUpdated>): Promise<void> {
    await this.members.mirror(tx.manager, user);
  }

  private announce(tx: Transaction, entry: Entry, entryId: string, balance: BalanceRow, earnedBefore: number): void {
    const rank = rankForPoints(balance.earned);
    tx.emit(Events.pointsAwarded, {
      userId: entry.userId,
      entryId,
      amount: entry.amount,
      reason: entry.reason,
      sourceEventId: entry.sourceEventId,
      balance: balance.points,
      version: balance.version,
      rank,
      badges: balance.badges,
    });
    const before = rankForPoints(earnedBefore);
    if (before !== rank) {
      tx.emit(Events.rankChanged, { userId: entry.userId, from: before, to: rank, points: balance.earned, version: balance.version });
    }
  }

  /**
   * The member's plan as this service's mirror has it now: only for events from before the plan travelled with the
   * act (posterTier, claimerTier), where a plan change delivered in another order can change the multiplier.
   */
  private async tierOf(tx: Transaction, userId: string): Promise<SubscriptionTier> {
    // A member no user event has reached yet is on the free plan, as every member starts.
    return (await this.members.tierOf(tx.manager, userId)) ?? 'free';
  }
}

const REASONS: Record<string, string> = {
  post_item: 'posted an item',
  scout_find: 'posted a scout find',
  pickup_claim: 'claimed an item',
  post_reversal: 'a post was withdrawn',
  post_void: 'a post was withdrawn before its points were final',
  redemption: 'redeemed a reward in the shop',
};

function describeReason(reason: string): string {
  if (reason.startsWith('repaid:')) return 'paid toward points a withdrawn post owed';
  return reason.startsWith('badge:') ? `earned the ${reason.slice('badge:'.length)}` : (REASONS[reason] ?? reason);
}
