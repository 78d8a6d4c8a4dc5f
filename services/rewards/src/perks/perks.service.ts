import { Injectable } from '@nestjs/common';
import { DomainError, Events, PerkMessages, RewardError, SPOTLIGHT_HOURS, UserPerk } from '@curbside/contracts';
import { EventOutbox } from '@curbside/platform';
import { PerkRow, PerksRepository } from './perks.repository';

const HOUR_MS = 3600 * 1000;

/**
 * Using a redeemed perk (docs/product-rules.md, "Perks"): once per redemption, by its owner. The effect belongs to
 * the service that owns what it changes, so the use leaves as `perk.used` in the same transaction: items spotlights
 * the post or lengthens the next hold, users frames the picture.
 */
@Injectable()
export class PerksService {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly perks: PerksRepository,
  ) {}

  async list(userId: string): Promise<UserPerk[]> {
    return (await this.perks.ofMember(userId)).map(toUserPerk);
  }

  /**
   * `itemId` for a spotlight was checked by the gateway with items (the caller's own available post, not spotlit);
   * items checks again when the event arrives, so a post taken meanwhile is never spotlit.
   */
  async use(userId: string, redemptionId: string, itemId: string | undefined): Promise<{ success: boolean; message: string; perk: UserPerk }> {
    return this.outbox.transaction(async (tx) => {
      const perk = await this.perks.lock(tx.manager, userId, redemptionId);
      if (!perk) throw new DomainError(RewardError.PERK_NOT_FOUND, PerkMessages.notFound);
      if (perk.used_at) throw new DomainError(RewardError.PERK_USED, PerkMessages.used);
      const spotlight = perk.perk === 'spotlight';
      if (spotlight && !itemId) throw new DomainError(RewardError.PERK_ITEM, PerkMessages.needsItem);
      if (!spotlight && itemId) throw new DomainError(RewardError.PERK_ITEM, PerkMessages.takesNoItem);
      const usedAt = new Date();
      const activeUntil = spotlight ? new Date(usedAt.getTime() + SPOTLIGHT_HOURS * HOUR_MS) : null;
      const used: PerkRow = { ...perk, used_at: usedAt, item_id: itemId ?? null, active_until: activeUntil };
      await this.perks.markUsed(tx.manager, redemptionId, { usedAt, itemId: used.item_id, activeUntil });
      tx.emit(Events.perkUsed, {
        redemptionId,
        userId,
        perk: perk.perk,
        itemId: used.item_id,
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
