import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { actionPoints, BadgeName, Events, EventPayload, PointsReason, rankForPoints, RewardsSummary, SubscriptionTier } from '@curbside/contracts';
import { Transaction } from '@curbside/platform';
import { DataSource } from 'typeorm';
import { badgeBonus, newlyEarnedBadges } from '../badges/badge.rules';

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
interface DayPost {
  itemId: string;
  userId: string;
  reason: string;
  amount: number;
  localDate: string;
  createdAt: string;
  sourceEventId: string;
}

/** What takes a post's points back: its event, when it happened, and whether the one-hour rule applies (a deletion). */
interface Withdrawal {
  sourceEventId: string;
  at: string;
  hourRule: boolean;
}

/** A post's credit entry, as its reversal needs it. */
interface PostCredit {
  item_id: string;
  user_id: string;
  amount: number;
  reason: string;
  local_date: string | null;
  cause_at: Date | null;
}

interface BalanceRow {
  points: number;
  earned: number;
  version: number;
  badges: BadgeName[];
}

/**
 * The points ledger: every credit and debit a row tied to its cause, the balance and points earned kept in the
 * same transaction, badges evaluated after every change. All of it runs inside the event's own transaction, so
 * a replayed event changes nothing (the consumer has seen it, and the entries are unique per cause besides).
 */
@Injectable()
export class LedgerService {
  constructor(private readonly dataSource: DataSource) {}

  /** item.posted → +10 (+25 for a scout find), times the tier multiplier, for the first ten posts of a local day. */
  async creditPost(tx: EventTransaction, item: Posted): Promise<void> {
    const reason: PointsReason = item.isScoutFind ? 'scout_find' : 'post_item';
    await tx.manager.query(
      `INSERT INTO rewards.user_stats (user_id, posts, scout_finds) VALUES ($1, 1, $2)
       ON CONFLICT (user_id) DO UPDATE SET posts = user_stats.posts + 1, scout_finds = user_stats.scout_finds + EXCLUDED.scout_finds`,
      [item.posterId, item.isScoutFind ? 1 : 0],
    );
    const [{ local_date: localDate }]: { local_date: string }[] = await tx.manager.query(
      `SELECT ($1::timestamptz AT TIME ZONE $2)::date::text AS local_date`,
      [item.createdAt, item.timeZone ?? 'UTC'],
    );
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
      await tx.manager.query(
        `INSERT INTO rewards.uncredited_posts (item_id, user_id, reason, amount, local_date, created_at, source_event_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
        [post.itemId, post.userId, post.reason, post.amount, post.localDate, post.createdAt, post.sourceEventId],
      );
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
    await tx.manager.query(
      `INSERT INTO rewards.post_days (user_id, local_date, credited) VALUES ($1, $2, 0)
       ON CONFLICT (user_id, local_date) DO UPDATE SET credited = post_days.credited`,
      [post.userId, post.localDate],
    );
    const [{ taken }]: { taken: number }[] = await tx.manager.query(
      `SELECT count(*)::int AS taken FROM rewards.ledger_entries c
       WHERE c.user_id = $1 AND c.local_date = $2 AND c.reason IN ('post_item', 'scout_find') AND c.cause_at <= $3
         AND NOT EXISTS (SELECT 1 FROM rewards.ledger_entries r
                         WHERE r.item_id = c.item_id AND r.reason = 'post_reversal' AND coalesce(r.cause_at, r.created_at) < $3)`,
      [post.userId, post.localDate, post.createdAt],
    );
    if (taken >= DAILY_POST_CREDITS) return false;
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
    if (applied) await tx.manager.query(`UPDATE rewards.post_days SET credited = credited + 1 WHERE user_id = $1 AND local_date = $2`, [post.userId, post.localDate]);
    return applied !== null;
  }

  /**
   * A withdrawal delivered after posts of its day that found the ten taken: the first of them made after it gets
   * the freed slot, as it would have had the withdrawal been delivered first. Credited under its own event, with
   * its badges and any withdrawal of its own that is waiting.
   */
  private async fillFreedSlot(tx: Transaction, userId: string, localDate: string, withdrawnAt: string): Promise<void> {
    const waiting: { item_id: string; reason: string; amount: number; created_at: Date; source_event_id: string }[] = await tx.manager.query(
      `SELECT item_id, reason, amount, created_at, source_event_id FROM rewards.uncredited_posts
       WHERE user_id = $1 AND local_date = $2 AND created_at > $3 ORDER BY created_at, item_id`,
      [userId, localDate, withdrawnAt],
    );
    for (const w of waiting) {
      const post: DayPost = { itemId: w.item_id, userId, reason: w.reason, amount: w.amount, localDate, createdAt: w.created_at.toISOString(), sourceEventId: w.source_event_id };
      if (!(await this.creditInSlot(tx, post))) continue;
      await tx.manager.query(`DELETE FROM rewards.uncredited_posts WHERE item_id = $1`, [post.itemId]);
      await this.awardBadges(tx, userId, post.sourceEventId);
      await this.applyPendingReversals(tx, post.itemId);
    }
  }

  /** item.claimed → +5 for the claimer; progress toward Community Helper and Community Champion. */
  async creditClaim(tx: EventTransaction, claim: Claimed): Promise<void> {
    if (claim.posterId !== claim.claimerId) {
      await tx.manager.query(
        `INSERT INTO rewards.user_stats (user_id, helped_claims) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET helped_claims = user_stats.helped_claims + EXCLUDED.helped_claims`,
        [claim.claimerId, claim.pricingType === 'free' ? 1 : 0],
      );
      await tx.manager.query(`INSERT INTO rewards.claimed_from (user_id, poster_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
        claim.claimerId,
        claim.posterId,
      ]);
    }
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
    const credit = await this.postCredit(tx, itemId);
    if (credit) return this.reverseCredit(tx, credit, { sourceEventId: tx.event.id, at: deletedAt ?? tx.event.occurredAt, hourRule: deletedAt !== undefined });
    await tx.manager.query(
      `INSERT INTO rewards.pending_post_reversals (item_id, source_event_id, withdrawn_at, hour_rule) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [itemId, tx.event.id, tx.event.occurredAt, deletedAt !== undefined],
    );
  }

  /**
   * The withdrawals of this item that arrived before its credit, applied right after the credit and its badges,
   * each under its own event id: the ledger, the day's slots and the badges end as if they had come in order.
   * A post that earned nothing (past the day's ten) has nothing to take back; its withdrawals go all the same.
   */
  private async applyPendingReversals(tx: Transaction, itemId: string): Promise<void> {
    // A DELETE … RETURNING answers [rows, count].
    const [pending]: [{ source_event_id: string; withdrawn_at: Date; hour_rule: boolean }[], number] = await tx.manager.query(
      `DELETE FROM rewards.pending_post_reversals WHERE item_id = $1 RETURNING source_event_id, withdrawn_at, hour_rule`,
      [itemId],
    );
    const credit = pending.length > 0 ? await this.postCredit(tx, itemId) : undefined;
    if (!credit) return;
    // In the order they happened: the first that qualifies reverses (one reversal per item), as it would have in order.
    pending.sort((a, b) => a.withdrawn_at.getTime() - b.withdrawn_at.getTime());
    for (const p of pending) await this.reverseCredit(tx, credit, { sourceEventId: p.source_event_id, at: p.withdrawn_at.toISOString(), hourRule: p.hour_rule });
  }

  private async postCredit(tx: Transaction, itemId: string): Promise<PostCredit | undefined> {
    const [credit]: PostCredit[] = await tx.manager.query(
      `SELECT item_id, user_id, amount, reason, local_date::text AS local_date, cause_at FROM rewards.ledger_entries
       WHERE item_id = $1 AND reason IN ('post_item', 'scout_find')`,
      [itemId],
    );
    return credit;
  }

  private async reverseCredit(tx: Transaction, credit: PostCredit, withdrawal: Withdrawal): Promise<void> {
    if (withdrawal.hourRule && credit.cause_at && Date.parse(withdrawal.at) - credit.cause_at.getTime() > QUICK_DELETE_MS) return;
    const [balance]: { points: number }[] = await tx.manager.query(`SELECT points FROM rewards.balances WHERE user_id = $1 FOR UPDATE`, [credit.user_id]);
    const applied = await this.apply(tx, {
      userId: credit.user_id,
      // Points already spent in the shop cannot be taken back: the balance never goes below zero.
      amount: -Math.min(credit.amount, balance?.points ?? 0),
      earnedAmount: -credit.amount,
      reason: 'post_reversal',
      sourceEventId: withdrawal.sourceEventId,
      itemId: credit.item_id,
      // Dated by the withdrawal: the day's slots are counted by when things happened (creditInSlot).
      causeAt: withdrawal.at,
      countsAsEarned: true,
    });
    if (!applied) return;
    await tx.manager.query(
      `UPDATE rewards.user_stats SET posts = GREATEST(posts - 1, 0), scout_finds = GREATEST(scout_finds - $2, 0) WHERE user_id = $1`,
      [credit.user_id, credit.reason === 'scout_find' ? 1 : 0],
    );
    if (credit.local_date) {
      await tx.manager.query(`UPDATE rewards.post_days SET credited = credited - 1 WHERE user_id = $1 AND local_date = $2 AND credited > 0`, [
        credit.user_id,
        credit.local_date,
      ]);
      await this.fillFreedSlot(tx, credit.user_id, credit.local_date, withdrawal.at);
    }
  }

  /**
   * Writes one entry and moves the balance (and points earned) with it; announces the new balance, a rank
   * change, and, through awardBadges, badges. Returns false when the entry existed already (a replay).
   */
  async apply(tx: Transaction, entry: Entry & { earnedAmount?: number }): Promise<BalanceRow | null> {
    const entryId = randomUUID();
    const inserted: unknown[] = await tx.manager.query(
      `INSERT INTO rewards.ledger_entries (id, user_id, amount, reason, source_event_id, item_id, local_date, cause_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now()) ON CONFLICT DO NOTHING RETURNING id`,
      [entryId, entry.userId, entry.amount, entry.reason, entry.sourceEventId, entry.itemId ?? null, entry.localDate ?? null, entry.causeAt ?? null],
    );
    if (inserted.length === 0) return null;
    const earnedDelta = entry.countsAsEarned ? (entry.earnedAmount ?? entry.amount) : 0;
    const [balance]: BalanceRow[] = await tx.manager.query(
      `INSERT INTO rewards.balances (user_id, points, earned, version) VALUES ($1, GREATEST($2::int, 0), GREATEST($3::int, 0), 1)
       ON CONFLICT (user_id) DO UPDATE SET points = balances.points + $2, earned = GREATEST(balances.earned + $3, 0), version = balances.version + 1
       RETURNING points, earned, version, badges`,
      [entry.userId, entry.amount, earnedDelta],
    );
    this.announce(tx, entry, entryId, balance, balance.earned - earnedDelta);
    return balance;
  }

  /** Awards every badge the user's progress now earns, each once with its bonus; a bonus may earn the next. */
  async awardBadges(tx: Transaction, userId: string, sourceEventId: string): Promise<void> {
    for (;;) {
      const [progress]: { earned: number; posts: number; scout_finds: number; helped_claims: number; members: number; badges: BadgeName[] }[] =
        await tx.manager.query(
          `SELECT coalesce(b.earned, 0) AS earned, coalesce(b.badges, '{}') AS badges,
                  coalesce(s.posts, 0) AS posts, coalesce(s.scout_finds, 0) AS scout_finds, coalesce(s.helped_claims, 0) AS helped_claims,
                  (SELECT count(*)::int FROM rewards.claimed_from c WHERE c.user_id = $1) AS members
           FROM (SELECT $1::uuid AS user_id) u
           LEFT JOIN rewards.balances b ON b.user_id = u.user_id
           LEFT JOIN rewards.user_stats s ON s.user_id = u.user_id`,
          [userId],
        );
      const [badge] = newlyEarnedBadges({
        earnedPoints: progress.earned,
        posts: progress.posts,
        scoutFinds: progress.scout_finds,
        helpedClaims: progress.helped_claims,
        membersClaimedFrom: progress.members,
        held: new Set(progress.badges),
      });
      if (!badge) return;
      const won: unknown[] = await tx.manager.query(
        `INSERT INTO rewards.user_badges (user_id, badge, source_event_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING badge`,
        [userId, badge, sourceEventId],
      );
      await tx.manager.query(`UPDATE rewards.balances SET badges = array_append(badges, $2) WHERE user_id = $1 AND NOT ($2 = ANY (badges))`, [userId, badge]);
      if (won.length === 0) continue;
      const bonusPoints = badgeBonus(badge);
      tx.emit(Events.badgeEarned, { userId, badge, bonusPoints, sourceEventId, earnedAt: new Date().toISOString() });
      await this.apply(tx, { userId, amount: bonusPoints, reason: `badge:${badge}`, sourceEventId, countsAsEarned: true });
    }
  }

  async balance(userId: string): Promise<{ userId: string; balance: number; entries: number }> {
    const [row]: { points: number; version: number }[] = await this.dataSource.query(`SELECT points, version FROM rewards.balances WHERE user_id = $1`, [userId]);
    return { userId, balance: row?.points ?? 0, entries: row?.version ?? 0 };
  }

  async summary(userId: string): Promise<RewardsSummary> {
    const [row]: { points: number; earned: number; badges: BadgeName[]; redemptions: number }[] = await this.dataSource.query(
      `SELECT coalesce(b.points, 0) AS points, coalesce(b.earned, 0) AS earned, coalesce(b.badges, '{}') AS badges,
              (SELECT count(*)::int FROM rewards.redemptions r WHERE r.user_id = $1) AS redemptions
       FROM (SELECT $1::uuid AS user_id) u LEFT JOIN rewards.balances b ON b.user_id = u.user_id`,
      [userId],
    );
    const entries: { id: string; reason: string; amount: number; created_at: Date }[] = await this.dataSource.query(
      `SELECT id, reason, amount, created_at FROM rewards.ledger_entries WHERE user_id = $1 ORDER BY created_at DESC LIMIT 10`,
      [userId],
    );
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
    await tx.manager.query(
      `INSERT INTO rewards.members (user_id, tier, username, scout_mode, version) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET tier = EXCLUDED.tier, username = EXCLUDED.username, scout_mode = EXCLUDED.scout_mode, version = EXCLUDED.version
       WHERE members.version < EXCLUDED.version`,
      [user.userId, user.subscriptionTier, user.username, user.scoutMode, user.version],
    );
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
    const [row]: { tier: SubscriptionTier }[] = await tx.manager.query(`SELECT tier FROM rewards.members WHERE user_id = $1`, [userId]);
    return row?.tier ?? 'free';
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
