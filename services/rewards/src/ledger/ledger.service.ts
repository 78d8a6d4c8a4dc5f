import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { actionPoints, Events, EventPayload, PointsReason, rankForPoints, RewardsSummary, SubscriptionTier } from '@curbside/contracts';
import { Transaction } from '@curbside/platform';
import { badgeBonus, newlyEarnedBadges } from '../badges/badge.rules';
import { BadgesRepository } from '../badges/badges.repository';
import { BalanceRow, LedgerRepository } from './ledger.repository';
import { MembersRepository } from './members.repository';
import { PostCreditRow, PostCreditsRepository, UncreditedPost } from './post-credits.repository';

/** At most this many posts a user a local day earn points (docs/product-rules.md: no farming by posting). */
export const DAILY_POST_CREDITS = 10;
/** A post deleted by its poster within this long of posting takes its points back. */
export const QUICK_DELETE_MS = 60 * 60 * 1000;

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
}

/** A post as the day's ten slots see it. */
type DayPost = UncreditedPost;

/** What takes a post's points back: its event, when it happened, and whether the one-hour rule applies (a deletion). */
interface Withdrawal {
  sourceEventId: string;
  at: string;
  hourRule: boolean;
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
  ) {}

  /** item.posted → +10 (+25 for a scout find), times the tier multiplier, for the first ten posts of a local day. */
  async creditPost(tx: EventTransaction, item: Posted): Promise<void> {
    const reason: PointsReason = item.isScoutFind ? 'scout_find' : 'post_item';
    await this.badges.countPost(tx.manager, item.posterId, item.isScoutFind);
    const localDate = await this.postCredits.localDate(tx.manager, item.createdAt, item.timeZone ?? 'UTC');
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
      // Past the day's ten: it waits for a slot that a withdrawal from before it frees (fillFreedSlot).
      await this.postCredits.keepUncredited(tx.manager, post);
    }
    await this.awardBadges(tx, item.posterId, tx.event.id);
    await this.applyPendingReversals(tx, item.itemId);
  }

  /**
   * Credits the post if a slot of its day was free when it was made: the day's credited posts from before it (or
   * the same instant), less those withdrawn before it (a reversal is dated by its withdrawal), are fewer than ten.
   * Counted by when things happened, not by when they were delivered, so a withdrawal delivered early frees no slot
   * for a post made before it. The day's row is locked first: two posts of one member are credited one at a time.
   */
  private async creditInSlot(tx: Transaction, post: DayPost): Promise<boolean> {
    await this.postCredits.lockDay(tx.manager, post.userId, post.localDate);
    if ((await this.postCredits.paidPostsStandingAt(tx.manager, post.userId, post.localDate, post.createdAt)) >= DAILY_POST_CREDITS) return false;
    const applied = await this.apply(tx, {
      userId: post.userId,
      amount: post.amount,
      reason: post.reason,
      sourceEventId: post.sourceEventId,
      itemId: post.itemId,
      localDate: post.localDate,
      causeAt: post.createdAt,
      countsAsEarned: true,
    });
    if (applied) await this.postCredits.countPaid(tx.manager, post.userId, post.localDate);
    return applied !== null;
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
      await this.awardBadges(tx, userId, post.sourceEventId);
      await this.applyPendingReversals(tx, post.itemId);
    }
  }

  /** item.claimed → +5 for the claimer; progress toward Community Helper and Community Champion. */
  async creditClaim(tx: EventTransaction, claim: Claimed): Promise<void> {
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
  }

  /**
   * Takes a post's points back (a ledger entry of its own; badges stay): when its poster deletes it within an
   * hour of posting (`deletedAt`), or whenever it is removed after reports (no `deletedAt`). Its slot of the
   * day's ten is freed, so points always match the posts that still stand. A withdrawal delivered before the
   * post's credit is kept as pending, and the credit takes it back when it arrives (applyPendingReversals).
   */
  async reversePost(tx: EventTransaction, itemId: string, deletedAt?: string): Promise<void> {
    const credit = await this.postCredits.creditOf(tx.manager, itemId);
    if (credit) return this.reverseCredit(tx, credit, { sourceEventId: tx.event.id, at: deletedAt ?? tx.event.occurredAt, hourRule: deletedAt !== undefined });
    await this.postCredits.keepPendingReversal(tx.manager, { itemId, sourceEventId: tx.event.id, withdrawnAt: tx.event.occurredAt, hourRule: deletedAt !== undefined });
  }

  /**
   * The withdrawals of this item that arrived before its credit, applied right after the credit and its badges,
   * each under its own event id: the ledger, the day's slots and the badges end as if they had come in order.
   * A post that earned nothing (past the day's ten) has nothing to take back; its withdrawals go all the same.
   */
  private async applyPendingReversals(tx: Transaction, itemId: string): Promise<void> {
    const pending = await this.postCredits.takePendingReversals(tx.manager, itemId);
    const credit = pending.length > 0 ? await this.postCredits.creditOf(tx.manager, itemId) : undefined;
    if (!credit) return;
    // In the order they happened: the first that qualifies reverses (one reversal per item), as it would have in order.
    pending.sort((a, b) => a.withdrawn_at.getTime() - b.withdrawn_at.getTime());
    for (const p of pending) await this.reverseCredit(tx, credit, { sourceEventId: p.source_event_id, at: p.withdrawn_at.toISOString(), hourRule: p.hour_rule });
  }

  private async reverseCredit(tx: Transaction, credit: PostCreditRow, withdrawal: Withdrawal): Promise<void> {
    if (withdrawal.hourRule && credit.cause_at && Date.parse(withdrawal.at) - credit.cause_at.getTime() > QUICK_DELETE_MS) return;
    const points = await this.ledger.lockPoints(tx.manager, credit.user_id);
    const applied = await this.apply(tx, {
      userId: credit.user_id,
      // Points already spent in the shop cannot be taken back: the balance never goes below zero.
      amount: -Math.min(credit.amount, points ?? 0),
      earnedAmount: -credit.amount,
      reason: 'post_reversal',
      sourceEventId: withdrawal.sourceEventId,
      itemId: credit.item_id,
      // Dated by the withdrawal: the day's slots are counted by when things happened (creditInSlot).
      causeAt: withdrawal.at,
      countsAsEarned: true,
    });
    if (!applied) return;
    await this.badges.uncountPost(tx.manager, credit.user_id, credit.reason === 'scout_find');
    if (credit.local_date) {
      await this.postCredits.uncountPaid(tx.manager, credit.user_id, credit.local_date);
      await this.fillFreedSlot(tx, credit.user_id, credit.local_date, withdrawal.at);
    }
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
    const balance = await this.ledger.moveBalance(tx.manager, entry.userId, entry.amount, earnedDelta);
    this.announce(tx, entry, entryId, balance, balance.earned - earnedDelta);
    return balance;
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

  async balance(userId: string): Promise<{ userId: string; balance: number; entries: number }> {
    const row = await this.ledger.balance(userId);
    return { userId, balance: row?.points ?? 0, entries: row?.version ?? 0 };
  }

  async summary(userId: string): Promise<RewardsSummary> {
    const row = await this.ledger.standing(userId);
    const entries = await this.ledger.recentEntries(userId, RECENT_ENTRIES);
    return {
      points: row.points,
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
  redemption: 'redeemed a reward in the shop',
};

function describeReason(reason: string): string {
  return reason.startsWith('badge:') ? `earned the ${reason.slice('badge:'.length)}` : (REASONS[reason] ?? reason);
}
