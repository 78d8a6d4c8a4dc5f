import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { ItemsRepository } from '../items/items.repository';
import { postedFacts } from '../items/items.service';
import { ModerationService } from '../moderation/moderation.service';
import { AutoClaimService } from '../saved-searches/auto-claim.service';
import { SavedSearchesService } from '../saved-searches/saved-searches.service';

/** The durable consumer's name: renaming it replays every post (harmless: matches are recorded once per member and item). */
const REACTION = 'saved-search-match';

/**
 * item.posted → saved-search.matched (docs/product-rules.md, "Saved searches"): the members whose saved searches the
 * new item matches, each once, wanted posts first. An item gone before its turn (deleted, removed), or hidden from
 * others while a moderator reviews it or its poster, matches nobody: an alert must not open what the feed hides.
 * Pro members whose matching search auto-claims get the item held for them, or a place in its line, first.
 */
@Injectable()
export class MatchSavedSearchesWhenItemPostedHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly items: ItemsRepository,
    private readonly searches: SavedSearchesService,
    private readonly moderation: ModerationService,
    private readonly autoClaims: AutoClaimService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.itemPosted, REACTION, async (posted, tx) => {
      const row = await this.items.findView(posted.itemId, tx.manager);
      if (!row || row.status !== 'available' || row.in_review) return;
      if ((await this.moderation.membersInReview()).has(row.poster_id)) return;
      await this.searches.matchNewItem(tx, postedFacts(row), (t, item, matches) => this.autoClaims.claimFor(t, item, matches));
    });
  }
}
