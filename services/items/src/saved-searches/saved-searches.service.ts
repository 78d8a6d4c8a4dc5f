import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  AUTO_CLAIM_TIERS,
  AUTO_CLAIMS_PER_DAY,
  CreateSavedSearchRequest,
  DomainError,
  ErrorCode,
  Events,
  plural,
  SAVED_SEARCH_LIMITS,
  SAVED_SEARCH_MATCH_BATCH,
  SavedSearch,
  SavedSearchError,
  searchWords,
  SubscriptionTier,
  TIER_RADIUS_CAP_MILES,
  WantedQuery,
  WantedReply,
} from '@curbside/contracts';
import { EventOutbox, Transaction } from '@curbside/platform';
import { DataSource, EntityManager } from 'typeorm';
import { PostersService } from '../posters/posters.service';
import { ItemToMatch, MatchRow, SavedSearchesRepository, SavedSearchRow } from './saved-searches.repository';
import { ContentChecks } from '../moderation/checks/content-checks.service';
import { ModerationService } from '../moderation/moderation.service';

/** What Pro's auto-claim did for a member with a matching search: took the hold, or a place in the line. */
export type AutoClaimOutcome = 'held' | 'queued';
/** Acts for the members whose matching searches auto-claim (auto-claim.service.ts); answers what it did, by member. */
export type AutoClaimer = (tx: Transaction, item: PostedItemFacts, matches: MatchRow[]) => Promise<Map<string, AutoClaimOutcome>>;

/** Wanted posts per answer, nearest first. */
export const WANTED_PAGE = 50;
const PLAN_NAMES: Record<SubscriptionTier, string> = { free: 'Free', basic: 'Basic', premium: 'Premium', pro: 'Pro' };
const PLACEHOLDER_NAME = 'Neighbour';

/** What matching needs of a posted item (read in the transaction that posts it, or by the reaction). */
export interface PostedItemFacts {
  id: string;
  posterId: string;
  title: string;
  description: string;
  category: string;
  publicLat: number;
  publicLng: number;
}

/**
 * Saved searches and wanted posts (docs/product-rules.md, "Saved searches"): the plan's count and radius, matching
 * new items, and the wanted list near a place.
 */
@Injectable()
export class SavedSearchesService {
  constructor(
    private readonly searches: SavedSearchesRepository,
    private readonly posters: PostersService,
    private readonly outbox: EventOutbox,
    private readonly dataSource: DataSource,
    private readonly moderation: ModerationService,
    private readonly checks: ContentChecks,
  ) {}

  async list(userId: string): Promise<SavedSearch[]> {
    return (await this.searches.list(userId)).map(toSavedSearch);
  }

  /**
   * Within the plan's radius and count, checked under a per-member lock so two requests at once cannot both pass.
   * A wanted post (public) is public text: the automated checks read its words as they read a post's, and a
   * high-confidence flag holds it for a moderator (its author is told why), a low one opens a case.
   */
  async create(request: CreateSavedSearchRequest, userId: string): Promise<SavedSearch> {
    const verdict = request.isPublic ? await this.checks.check({ kind: 'item', text: request.query }) : { hold: false, flags: [] };
    const row = await this.outbox.transaction(async (tx) => {
      const manager = tx.manager;
      await this.searches.lockMember(manager, userId);
      const tier = (await this.posters.member(manager, userId)).subscriptionTier;
      const cap = TIER_RADIUS_CAP_MILES[tier];
      if (request.radius > cap) {
        throw new DomainError(
          SavedSearchError.RADIUS_OVER_PLAN,
          `Your ${PLAN_NAMES[tier]} plan searches up to ${cap} miles: choose a smaller radius, or a plan that reaches further`,
        );
      }
      const limit = SAVED_SEARCH_LIMITS[tier];
      if ((await this.searches.count(manager, userId)) >= limit) {
        throw new DomainError(
          SavedSearchError.LIMIT_REACHED,
          `Your ${PLAN_NAMES[tier]} plan keeps ${plural(limit, 'saved search', 'saved searches')}: delete one, or choose a plan that keeps more`,
        );
      }
      const inserted = await this.searches.insert(manager, {
        id: randomUUID(),
        user_id: userId,
        query: request.query,
        words: searchWords(request.query),
        category: request.category ?? null,
        radius_miles: request.radius,
        lat: request.location.lat,
        lng: request.location.lng,
        label: request.location.label || null,
        is_public: request.isPublic,
      });
      await this.moderation.recordFlagsIn(tx, { type: 'wanted', id: inserted.id }, verdict.flags, verdict.hold);
      return { ...inserted, in_review: inserted.is_public && verdict.hold };
    });
    return toSavedSearch(row);
  }

  /** The member changes their own search: new words (rewrite), and/or auto-claim on or off. */
  /**
   * New words and/or auto-claim on (only on a plan that has it, as the users service last said) or off, for the
   * member's own search, in one transaction: both or neither. A wanted post's new words are public text: the
   * automated checks read them as at creation, and the verdict is recorded in the same transaction (a sure hit hides
   * it and tells its author why).
   */
  async change(savedSearchId: string, change: { autoClaim?: boolean; query?: string }, userId: string): Promise<SavedSearch> {
    if (change.autoClaim) await this.requireAutoClaimPlan(userId);
    const current = await this.searches.find(userId, savedSearchId);
    if (!current) throw new DomainError(SavedSearchError.NOT_FOUND, 'Saved search not found');
    const { query, autoClaim } = change;
    const verdict = query !== undefined && current.is_public ? await this.checks.check({ kind: 'item', text: query }) : { hold: false, flags: [] };
    const row = await this.outbox.transaction(async (tx) => {
      let updated: SavedSearchRow | null = null;
      if (query !== undefined) {
        updated = await this.searches.setQuery(tx.manager, userId, savedSearchId, query, searchWords(query));
        if (updated && updated.words.length === 0 && !updated.category)
          throw new DomainError(ErrorCode.VALIDATION_FAILED, 'Give some words to look for, or a category');
        if (updated?.is_public) await this.moderation.recordFlagsIn(tx, { type: 'wanted', id: updated.id }, verdict.flags, verdict.hold);
      }
      if (autoClaim !== undefined && (query === undefined || updated)) updated = await this.searches.setAutoClaim(tx.manager, userId, savedSearchId, autoClaim);
      if (!updated) throw new DomainError(SavedSearchError.NOT_FOUND, 'Saved search not found');
      return { ...updated, in_review: updated.in_review || (updated.is_public && verdict.hold) };
    });
    return toSavedSearch(row);
  }

  private async requireAutoClaimPlan(userId: string): Promise<void> {
    const tier = (await this.posters.member(this.dataSource.manager, userId)).subscriptionTier;
    if (!AUTO_CLAIM_TIERS.includes(tier)) {
      throw new DomainError(
        SavedSearchError.PLAN_REQUIRED,
        `Auto-claim comes with the Pro plan: a matching new item is held for you (or you join its line), up to ${AUTO_CLAIMS_PER_DAY} a day`,
      );
    }
  }

  async delete(id: string, userId: string): Promise<{ success: boolean }> {
    if (!(await this.searches.delete(userId, id))) throw new DomainError(SavedSearchError.NOT_FOUND, 'Saved search not found');
    return { success: true };
  }

  /** Wanted posts near a place, the radius narrowed to the caller's plan like the feed's. */
  async wanted(query: WantedQuery, callerId: string | undefined): Promise<WantedReply> {
    const tier = callerId ? (await this.posters.member(this.dataSource.manager, callerId)).subscriptionTier : 'free';
    const radiusCap = TIER_RADIUS_CAP_MILES[tier];
    const rows = await this.searches.wanted({ lat: query.lat, lng: query.lng, radiusMiles: Math.min(query.radius, radiusCap), callerId, limit: WANTED_PAGE });
    // A member in pending review is hidden from others everywhere, their wanted posts too.
    const inReview = await this.moderation.membersInReview();
    return {
      radiusCap,
      posts: rows
        .filter((r) => r.user_id === callerId || !inReview.has(r.user_id))
        .map((r) => ({
          id: r.id,
          query: r.query,
          category: r.category,
          member: { id: r.user_id, publicName: r.public_name ?? PLACEHOLDER_NAME },
          location: { lat: r.public_lat, lng: r.public_lng },
          distance: Math.round(r.distance_miles * 10) / 10,
          createdAt: new Date(r.created_at).toISOString(),
          ...(r.in_review ? { inReview: true as const } : {}),
        })),
    };
  }

  /** How many neighbours' wanted posts a new item matches: the poster is told in the post's answer. */
  async wantedBy(manager: EntityManager, item: PostedItemFacts): Promise<number> {
    return (await this.searches.matches(manager, toMatchable(item), { wantedOnly: true })).length;
  }

  /**
   * The reaction to item.posted: every member with a matching saved search gets one saved-search.matched entry,
   * recorded so a second delivery sends nothing; wanted posts first, so their authors are alerted first. Members
   * whose matching search auto-claims are acted for first (`autoClaim`), and their entry says what was done.
   */
  async matchNewItem(tx: Transaction, item: PostedItemFacts, autoClaim?: AutoClaimer): Promise<number> {
    const found = await this.searches.matches(tx.manager, toMatchable(item), { wantedOnly: false });
    found.sort((a, b) => Number(b.auto_claim) - Number(a.auto_claim) || Number(b.wanted) - Number(a.wanted));
    const fresh = await this.searches.record(tx.manager, item.id, found);
    const claimed = autoClaim ? await autoClaim(tx, item, fresh) : new Map<string, AutoClaimOutcome>();
    for (let i = 0; i < fresh.length; i += SAVED_SEARCH_MATCH_BATCH) {
      tx.emit(Events.savedSearchMatched, {
        itemId: item.id,
        posterId: item.posterId,
        title: item.title,
        matches: fresh.slice(i, i + SAVED_SEARCH_MATCH_BATCH).map((m) => ({
          userId: m.user_id,
          savedSearchId: m.saved_search_id,
          query: m.query,
          category: m.category,
          wanted: m.wanted,
          ...(claimed.has(m.user_id) ? { autoClaimed: claimed.get(m.user_id) } : {}),
        })),
      });
    }
    return fresh.length;
  }
}

function toMatchable(item: PostedItemFacts): ItemToMatch {
  return {
    itemId: item.id,
    posterId: item.posterId,
    category: item.category,
    publicLat: item.publicLat,
    publicLng: item.publicLng,
    words: searchWords(`${item.title} ${item.description}`),
  };
}

function toSavedSearch(r: SavedSearchRow): SavedSearch {
  return {
    id: r.id,
    query: r.query,
    words: r.words,
    category: r.category,
    radius: r.radius_miles,
    location: { lat: r.lat, lng: r.lng, label: r.label },
    isPublic: r.is_public,
    autoClaim: r.auto_claim,
    createdAt: new Date(r.created_at).toISOString(),
    ...(r.in_review ? { inReview: true as const } : {}),
  };
}
