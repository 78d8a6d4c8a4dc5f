import { Injectable } from '@nestjs/common';
import { CallBody, CallReply, Calls, DomainError, ItemError } from '@curbside/contracts';
import { EventOutbox, Transaction } from '@curbside/platform';
import { ItemsRepository } from '../items/items.repository';
import { RunningSpotlights } from './running-spotlights';
import { SpotlightsRepository } from './spotlights.repository';

type StartRequest = CallBody<typeof Calls.items.startSpotlight>;
type Started = CallReply<typeof Calls.items.startSpotlight>;

/**
 * Spotlight Post (docs/product-rules.md, "Perks"): the member's own available post, shown first in nearby feeds and
 * on the map for 24 hours. Rewards asks `start` while it holds the perk's row, and marks the perk used only when the
 * spotlight started: a perk is never spent on a post that does not qualify, and is spent once.
 */
@Injectable()
export class SpotlightsService {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly items: ItemsRepository,
    private readonly spotlights: SpotlightsRepository,
    private readonly running: RunningSpotlights,
  ) {}

  /**
   * The post's row is locked first, so two spotlights asked at once for one post run one after the other and the
   * second sees the first. The redemption's own spotlight, asked again (a retry after rewards failed to commit), is
   * answered as it is, whatever post the retry names.
   */
  async start(request: StartRequest, callerId: string): Promise<Started> {
    return this.outbox.transaction(async (tx) => {
      const earlier = await this.spotlights.ofRedemption(tx.manager, request.redemptionId);
      if (earlier) return toStarted(earlier);
      const item = await this.items.lock(tx.manager, request.itemId);
      if (item.posterId !== callerId) throw new DomainError(ItemError.NOT_POSTER, 'Only the poster can spotlight this item');
      if (item.status !== 'available' || !item.listed || item.expiresAt.getTime() <= Date.now()) {
        throw new DomainError(ItemError.NOT_AVAILABLE, 'Only an available post can be spotlighted');
      }
      if (await this.spotlights.isSpotlit(item.id, tx.manager)) throw new DomainError(ItemError.ALREADY_SPOTLIT, 'This post is in the spotlight already');
      await this.spotlights.start(tx.manager, {
        redemptionId: request.redemptionId,
        itemId: item.id,
        userId: callerId,
        startedAt: request.startedAt,
        endsAt: request.endsAt,
      });
      tx.afterCommit(() => this.running.started());
      return { itemId: item.id, startedAt: new Date(request.startedAt).toISOString(), endsAt: new Date(request.endsAt).toISOString() };
    });
  }

  /**
   * rewards' `perk.used` for a spotlight: the call above started it already, so this writes nothing new; it stays for
   * an event from before that call existed (keyed by the redemption, so a replay changes nothing).
   */
  async confirm(tx: Transaction, used: { redemptionId: string; userId: string; itemId: string | null; usedAt: string; endsAt: string | null }): Promise<void> {
    if (!used.itemId || !used.endsAt) return;
    if (
      await this.spotlights.start(tx.manager, {
        redemptionId: used.redemptionId,
        itemId: used.itemId,
        userId: used.userId,
        startedAt: used.usedAt,
        endsAt: used.endsAt,
      })
    )
      tx.afterCommit(() => this.running.started());
  }
}

function toStarted(row: { item_id: string; started_at: Date; ends_at: Date }): Started {
  return { itemId: row.item_id, startedAt: new Date(row.started_at).toISOString(), endsAt: new Date(row.ends_at).toISOString() };
}
