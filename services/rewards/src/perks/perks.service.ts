import { Injectable } from '@nestjs/common';
import { Calls, DomainError, Events, PerkMessages, RewardError, SPOTLIGHT_HOURS, UsePerkAnswer, UserPerk } from '@curbside/contracts';
import { EventOutbox, RpcCaller } from '@curbside/platform';
import { PerkRow, PerksRepository } from './perks.repository';

const HOUR_MS = 3600 * 1000;

/**
 * Using a redeemed perk (docs/product-rules.md, "Perks"): once per redemption, by its owner. The effect belongs to
 * the service that owns what it changes: the use leaves as `perk.used` in the same transaction (items lengthens the
 * next hold, users frames the picture), and a spotlight is started by items itself before the perk is marked used.
 */
@Injectable()
export class PerksService {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly perks: PerksRepository,
    private readonly services: RpcCaller,
  ) {}

  async list(userId: string): Promise<UserPerk[]> {
    return (await this.perks.ofMember(userId)).map(toUserPerk);
  }

  /**
   * The perk's row stays locked from the check to the commit, so two uses at once run one after the other and the
   * second finds it used. A spotlight's post is started by items while the lock is held (items locks the post: the
   * caller's own, available, not spotlit already); its refusal leaves the perk unused. Items keys the spotlight by
   * the redemption, so a use that failed after items answered is healed by the next try with the same spotlight.
   */
  async use(userId: string, redemptionId: string, itemId: string | undefined): Promise<UsePerkAnswer> {
    return this.outbox.transaction(async (tx) => {
      const perk = await this.perks.lock(tx.manager, userId, redemptionId);
      if (!perk) throw new DomainError(RewardError.PERK_NOT_FOUND, PerkMessages.notFound);
      if (perk.used_at) throw new DomainError(RewardError.PERK_USED, PerkMessages.used);
      const spotlight = perk.perk === 'spotlight';
      if (spotlight && !itemId) throw new DomainError(RewardError.PERK_ITEM, PerkMessages.needsItem);
      if (!spotlight && itemId) throw new DomainError(RewardError.PERK_ITEM, PerkMessages.takesNoItem);
      let usedAt = new Date();
      let activeUntil: Date | null = null;
      let usedOn: string | null = null;
      if (spotlight && itemId) {
        const endsAt = new Date(usedAt.getTime() + SPOTLIGHT_HOURS * HOUR_MS);
        const started = await this.services.call(
          Calls.items.startSpotlight,
          { itemId, redemptionId, startedAt: usedAt.toISOString(), endsAt: endsAt.toISOString() },
          userId,
        );
        usedAt = new Date(started.startedAt);
        activeUntil = new Date(started.endsAt);
        usedOn = started.itemId;
      }
      const used: PerkRow = { ...perk, used_at: usedAt, item_id: usedOn, active_until: activeUntil };
      await this.perks.markUsed(tx.manager, redemptionId, { usedAt, itemId: usedOn, activeUntil });
      tx.emit(Events.perkUsed, {
        redemptionId,
        userId,
        perk: perk.perk,
        itemId: usedOn,
        usedAt: usedAt.toISOString(),
        endsAt: activeUntil?.toISOString() ?? null,
      });
      const message = PerkMessages[`used_${perk.perk}`];
      return { success: true, message, perk: toUserPerk(used) };
    });
  }
}

function toUserPerk(row: PerkRow): UserPerk {
  return {
    redemptionId: row.id,
    perk: row.perk,
    name: row.name,
    redeemedAt: new Date(row.created_at).toISOString(),
    usedAt: row.used_at ? new Date(row.used_at).toISOString() : null,
    itemId: row.item_id,
    activeUntil: row.active_until ? new Date(row.active_until).toISOString() : null,
  };
}
