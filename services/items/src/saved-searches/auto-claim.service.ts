import { Injectable } from '@nestjs/common';
import { AUTO_CLAIM_TIERS, AUTO_CLAIMS_PER_DAY, DomainError } from '@curbside/contracts';
import { Transaction } from '@curbside/platform';
import { ClaimsRepository } from '../claims/claims.repository';
import { ClaimsService } from '../claims/claims.service';
import { PostersService } from '../posters/posters.service';
import { QueueService } from '../queue/queue.service';
import { MatchRow, SavedSearchesRepository } from './saved-searches.repository';
import { AutoClaimOutcome, PostedItemFacts } from './saved-searches.service';

const DAY_MS = 24 * 3600_000;

/**
 * Pro's auto-claim (docs/product-rules.md, "Auto-claim"): for each member whose matching saved search is switched
 * to it and whose plan (as the users service last said) has it, first dibs on the new item, or a place in its line
 * when someone already holds it, through the same rules as the member's own request (own item, blocks, suspension,
 * hold and line limits, one holder however many try), at most AUTO_CLAIMS_PER_DAY in 24 hours, counted in the
 * database under the member's reservation lock. A refusal acts for nobody and the member gets the plain match alert.
 */
@Injectable()
export class AutoClaimService {
  constructor(
    private readonly claims: ClaimsService,
    private readonly reservations: ClaimsRepository,
    private readonly queue: QueueService,
    private readonly members: PostersService,
    private readonly searches: SavedSearchesRepository,
  ) {}

  async claimFor(tx: Transaction, item: PostedItemFacts, matches: MatchRow[]): Promise<Map<string, AutoClaimOutcome>> {
    const done = new Map<string, AutoClaimOutcome>();
    for (const match of matches) {
      if (!match.auto_claim || match.user_id === item.posterId) continue;
      if (!AUTO_CLAIM_TIERS.includes((await this.members.member(tx.manager, match.user_id)).subscriptionTier)) continue;
      const outcome = await this.claimOne(tx, item.id, match);
      if (outcome) done.set(match.user_id, outcome);
    }
    return done;
  }

  private async claimOne(tx: Transaction, itemId: string, match: MatchRow): Promise<AutoClaimOutcome | null> {
    // The member's holds and auto-claims one at a time, so parallel posts cannot pass the daily count together.
    await this.reservations.lockMemberReservations(tx.manager, match.user_id);
    if ((await this.searches.autoClaimsSince(tx.manager, match.user_id, new Date(Date.now() - DAY_MS))) >= AUTO_CLAIMS_PER_DAY) return null;
    const outcome =
      (await this.attempt(() => this.claims.reserveIn(tx, itemId, match.user_id), 'held')) ??
      (await this.attempt(() => this.queue.joinIn(tx, itemId, match.user_id, { autoClaimed: true }), 'queued'));
    if (outcome) await this.searches.recordAutoClaim(tx.manager, { userId: match.user_id, itemId, savedSearchId: match.saved_search_id, outcome });
    return outcome;
  }

  /** The act's outcome, or null when a rule refused it (nothing was written then: every refusal comes before a write). */
  private async attempt(act: () => Promise<unknown>, outcome: AutoClaimOutcome): Promise<AutoClaimOutcome | null> {
    try {
      await act();
      return outcome;
    } catch (err) {
      if (err instanceof DomainError) return null;
      throw err;
    }
  }
}
