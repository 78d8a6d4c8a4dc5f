import { Injectable } from '@nestjs/common';
import { DomainError, ItemError } from '@curbside/contracts';
import { createLogger, Transaction } from '@curbside/platform';
import { ItemsRepository } from '../items/items.repository';
import { SpotlightsRepository } from './spotlights.repository';

/**
 * Spotlight Post (docs/product-rules.md, "Perks"): the member's own available post, shown first in nearby feeds and
 * on the map for 24 hours. The gateway asks `admissible` before rewards spends the perk; the spotlight itself starts
 * when rewards' `perk.used` arrives, checked once more against the post as it is then.
 */
@Injectable()
export class SpotlightsService {
  private readonly log = createLogger('spotlights');

  constructor(
    private readonly items: ItemsRepository,
    private readonly spotlights: SpotlightsRepository,
  ) {}

  async admissible(itemId: string, callerId: string): Promise<{ admissible: true }> {
    const item = await this.items.find(itemId);
    if (!item || item.status === 'removed') throw new DomainError(ItemError.NOT_FOUND, 'Item not found');
    if (item.posterId !== callerId) throw new DomainError(ItemError.NOT_POSTER, 'Only the poster can spotlight this item');
    if (item.status !== 'available' || !item.listed || item.expiresAt.getTime() <= Date.now()) {
      throw new DomainError(ItemError.NOT_AVAILABLE, 'Only an available post can be spotlighted');
    }
    if (await this.spotlights.isSpotlit(itemId)) throw new DomainError(ItemError.ALREADY_SPOTLIT, 'This post is in the spotlight already');
    return { admissible: true };
  }

  async start(tx: Transaction, used: { redemptionId: string; userId: string; itemId: string | null; usedAt: string; endsAt: string | null }): Promise<void> {
    if (!used.itemId || !used.endsAt) return;
    const started = await this.spotlights.start(tx.manager, { redemptionId: used.redemptionId, itemId: used.itemId, userId: used.userId, startedAt: used.usedAt, endsAt: used.endsAt });
    // Taken or withdrawn between the check and the event (or not the member's): the perk is spent on nothing shown.
    if (!started) this.log.warn({ redemptionId: used.redemptionId, itemId: used.itemId }, 'spotlight not started: the post is no longer the member\'s available post');
  }
}
