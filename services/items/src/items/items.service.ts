import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  CreateGarageSaleRequest,
  CreateItemRequest,
  CreateSingleItemRequest,
  DomainError,
  ErrorCode,
  Events,
  FeedQuery,
  FeedReply,
  Item,
  ItemError,
  PostedItem,
  SCOUT_FIND_HOURS,
  SimilarItemsQuery,
  TIER_RADIUS_CAP_MILES,
  TopFindsQuery,
  TopFindsReply,
  UpdateItemRequest,
  UserError,
  GARAGE_SALE_ENDED_MESSAGE,
} from '@curbside/contracts';
import { deleteStoredObjects, EventOutbox, OBJECT_STORAGE, ObjectStorage, timeZoneAt, Transaction } from '@curbside/platform';
import { DataSource } from 'typeorm';
import { ClaimsRepository } from '../claims/claims.repository';
import { Member, PostersService } from '../posters/posters.service';
import { Readers } from '../posters/readers';
import { decodeCursor, encodeCursor } from './feed-cursor';
import { ItemEntity } from './item.entity';
import { flagsOf, ItemRow } from './item-row';
import { toItem } from './item.mapper';
import { itemPostedPayload } from './item-posted';
import { BlocksRepository } from '../blocks/blocks.repository';
import { ItemPhotosService } from './item-photos.service';
import { ItemsRepository } from './items.repository';
import { RunningSpotlights } from '../spotlights/running-spotlights';
import { ImpactService } from '../impact/impact.service';
import { PostedItemFacts, SavedSearchesService } from '../saved-searches/saved-searches.service';
import { ContentChecks } from '../moderation/checks/content-checks.service';
import { ModerationService } from '../moderation/moderation.service';
import { hiddenFrom } from './item-visibility';

const HOUR_MS = 3600 * 1000;
const TOP_FINDS = 50;

type NewItem = Omit<ItemEntity, 'id' | 'posterId' | 'createdAt' | 'status' | 'listed' | 'timeZone' | 'inReview' | 'unannounced'>;

/** What saved-search matching reads of a posted item (its public position, never the exact spot). */
export function postedFacts(row: ItemRow): PostedItemFacts {
  return {
    id: row.id,
    posterId: row.poster_id,
    title: row.title,
    description: row.description,
    category: row.category,
    publicLat: row.public_lat,
    publicLng: row.public_lng,
  };
}

@Injectable()
export class ItemsService {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly items: ItemsRepository,
    private readonly claims: ClaimsRepository,
    private readonly posters: PostersService,
    private readonly dataSource: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly blocks: BlocksRepository,
    private readonly savedSearches: SavedSearchesService,
    private readonly checks: ContentChecks,
    private readonly moderation: ModerationService,
    private readonly impact: ImpactService,
    private readonly spotlights: RunningSpotlights,
    private readonly readers: Readers,
    private readonly photos: ItemPhotosService,
  ) {}

  /**
   * Posts an item, scout find or garage sale for the caller; item.posted leaves in the same transaction, unless the
   * automated checks hold it for a moderator (docs/product-rules.md, Moderation). The answer says how many
   * neighbours' wanted posts it matches (they are alerted first, by the saved-search reaction).
   */
  async post(request: CreateItemRequest, posterId: string, device?: string): Promise<PostedItem> {
    // The automated checks read the words before anything is written: every text the post shows to others.
    const verdict = await this.checks.check({
      kind: 'item',
      text: postedText(request),
      contact: request.isGarageSale ? request.garageSaleContactInfo : undefined,
    });
    const { row, wantedBy } = await this.outbox.transaction(async (tx) => {
      const member = await this.posters.member(tx.manager, posterId);
      await this.impact.noteDevice(tx.manager, posterId, device);
      const fields = request.isGarageSale ? this.garageSale(request) : this.singleItem(request, member);
      if (fields.imageUrl) await this.photos.admitToPost(tx.manager, fields.imageUrl, posterId);
      const inserted = await this.insert(tx, posterId, fields, member.subscriptionTier, verdict.hold);
      await this.moderation.recordFlagsIn(tx, { type: 'item', id: inserted.id }, verdict.flags, verdict.hold);
      return {
        row: verdict.hold ? { ...inserted, in_review: true } : inserted,
        wantedBy: await this.savedSearches.wantedBy(tx.manager, postedFacts(inserted)),
      };
    });
    return { ...toItem(row, posterId), wantedBy };
  }

  /** An item in pending review, or whose poster is, is found by its poster only. */
  async get(itemId: string, callerId: string | undefined): Promise<Item> {
    const row = await this.items.findView(itemId);
    if (!row || hiddenFrom({ status: row.status, posterId: row.poster_id, inReview: row.in_review }, callerId, await this.moderation.membersInReview())) {
      throw new DomainError(ItemError.NOT_FOUND, 'Item not found');
    }
    return (await this.views([row], callerId))[0];
  }

  /** The poster edits a still-available item; the time limit counts from when it was posted. */
  async update(itemId: string, request: UpdateItemRequest, callerId: string): Promise<Item> {
    const verdict = await this.checks.check({ kind: 'item', text: `${request.title ?? ''}\n${request.description ?? ''}` });
    await this.outbox.transaction(async (tx) => {
      const item = await this.editable(tx, itemId, callerId, 'edit');
      if (request.title !== undefined) item.title = request.title;
      if (request.description !== undefined) item.description = request.description;
      if (request.category !== undefined) item.category = request.category;
      if (request.pricingType !== undefined) item.pricingType = request.pricingType;
      if (request.customAmount !== undefined) item.customAmount = request.customAmount;
      if (item.pricingType === 'free') item.customAmount = null;
      if (item.pricingType === 'paid') {
        if (item.isScoutFind) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'Scout finds are always free');
        if (item.isGarageSale) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'Garage sales are always free');
        await this.requireVerifiedForPaid(tx, callerId);
        if (item.customAmount == null) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'Paid items need a reward between $1 and $100');
      }
      if (request.timeLimit !== undefined) {
        const expiresAt = new Date(item.createdAt.getTime() + request.timeLimit * HOUR_MS);
        if (expiresAt.getTime() <= Date.now()) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'That time limit has already passed for this item');
        item.timeLimit = request.timeLimit;
        item.expiresAt = expiresAt;
        item.expiringNotifiedAt = null;
      }
      item.updatedAt = new Date();
      await this.items.save(tx.manager, item);
      // After the save: holding it unlists it, which the saved entity must not overwrite.
      await this.moderation.recordFlagsIn(tx, { type: 'item', id: item.id }, verdict.flags, verdict.hold);
      tx.emit(Events.itemUpdated, { itemId: item.id, posterId: item.posterId, title: item.title, status: item.status });
    });
    return this.get(itemId, callerId);
  }

  /** The item leaves the app, and its photos with it (its own and any pickup photos taken of it). */
  async delete(itemId: string, callerId: string): Promise<{ success: boolean; message: string }> {
    const photos = await this.outbox.transaction(async (tx) => {
      const item = await this.editable(tx, itemId, callerId, 'delete');
      await this.items.markRemoved(tx.manager, item.id);
      tx.emit(Events.itemDeleted, { itemId: item.id, posterId: item.posterId, title: item.title });
      const pickups = await this.claims.detachPickupPhotos(tx.manager, item.id);
      await this.items.clearImage(tx.manager, item.id);
      // The poster's own photo on another of their posts stays with that post.
      return [...(await this.photos.filesLeftBy(tx.manager, item.imageUrl, item.id)), ...pickups];
    });
    await deleteStoredObjects(this.storage, photos);
    return { success: true, message: 'Item deleted' };
  }

  async feed(query: FeedQuery, callerId: string | undefined): Promise<FeedReply> {
    const { radiusCap, blocked } = await this.reader(callerId);
    const radiusMiles = Math.min(query.radius, radiusCap);
    // Only a first page leads with spotlights, and only one with a spotlight running in its circle needs to look.
    const withSpotlights = !query.cursor && (await this.spotlights.anyWithin(query.lat, query.lng, radiusMiles));
    const { newest, spotlit } = await this.items.feed(
      {
        lat: query.lat,
        lng: query.lng,
        radiusMiles,
        limit: query.limit,
        before: query.cursor ? decodeCursor(query.cursor) : undefined,
        q: query.q || undefined,
        category: query.category,
        kind: query.kind,
        recentlyConfirmed: query.recentlyConfirmed === 'true',
        viewerId: callerId,
      },
      withSpotlights,
    );
    // Spotlights come first; the same post also among the newest is shown once, first. The cursor follows the newest rows.
    const spotlitIds = new Set(spotlit.map((r) => r.id));
    const last = newest.at(-1);
    const shown = await this.visibleTo([...spotlit, ...newest.filter((r) => !spotlitIds.has(r.id))], callerId, blocked);
    const now = Date.now();
    // The rows say the caller's flags themselves (FeedSearch.viewerId).
    const items = shown.map((row) => toItem(row, callerId, flagsOf(row), now));
    for (const item of items) if (spotlitIds.has(item.id)) item.spotlight = true;
    return {
      itemsJson: JSON.stringify(items),
      nextCursor: newest.length === query.limit && last ? encodeCursor(last.sort_micros, last.id) : null,
      radiusCap,
    };
  }

  async topFinds(query: TopFindsQuery, callerId: string | undefined): Promise<TopFindsReply> {
    const { radiusCap, blocked } = await this.reader(callerId);
    const rows = await this.items.topFinds({ lat: query.lat, lng: query.lng, radiusMiles: Math.min(query.radius, radiusCap), limit: TOP_FINDS });
    return { items: await this.views(await this.visibleTo(rows, callerId, blocked), callerId), radiusCap };
  }

  /**
   * How far the caller's tier may search (anonymous callers search as the free tier) and whose items they blocked,
   * kept per member between the changes that alter them (Readers).
   */
  private async reader(callerId: string | undefined): Promise<{ radiusCap: number; blocked: ReadonlySet<string> }> {
    if (!callerId) return { radiusCap: TIER_RADIUS_CAP_MILES.free, blocked: new Set() };
    const { subscriptionTier, blocked } = await this.readers.of(callerId);
    return { radiusCap: TIER_RADIUS_CAP_MILES[subscriptionTier], blocked };
  }

  async similar(query: SimilarItemsQuery, callerId: string | undefined): Promise<Item[]> {
    return this.views(await this.withoutBlocked(await this.items.similar(query.lat, query.lng, query.title), callerId), callerId);
  }

  /**
   * Leaves out the items of members the caller blocked (docs/product-rules.md, Blocking). After the page's query, so
   * the cursor still follows the page as read: a page may hold fewer items, never skip any.
   */
  private async withoutBlocked(rows: ItemRow[], callerId: string | undefined): Promise<ItemRow[]> {
    return this.visibleTo(rows, callerId, await this.readers.blockedBy(callerId));
  }

  /** Leaves out the items of members the caller blocked and of members in review (except the caller's own). */
  private async visibleTo<R extends { poster_id: string }>(rows: R[], callerId: string | undefined, blocked: ReadonlySet<string>): Promise<R[]> {
    const inReview = await this.moderation.membersInReview();
    if (inReview.size > 0) rows = rows.filter((row) => row.poster_id === callerId || !inReview.has(row.poster_id));
    return blocked.size === 0 ? rows : rows.filter((row) => !blocked.has(row.poster_id));
  }

  /** The owner sees everything they posted and hold; others see only what is listed. */
  async byUser(userId: string, callerId: string | undefined): Promise<Item[]> {
    const own = callerId === userId;
    if (!own && (await this.moderation.membersInReview()).has(userId)) return [];
    return this.views(await this.items.byUser(userId, own, !own), callerId);
  }

  async views(rows: ItemRow[], callerId: string | undefined): Promise<Item[]> {
    const flags = await this.items.viewerFlags(
      callerId,
      rows.map((r) => r.id),
    );
    const now = Date.now();
    return rows.map((row) => toItem(row, callerId, flags.get(row.id), now));
  }

  private singleItem(request: CreateSingleItemRequest, member: Member): NewItem {
    // Checked by the schema; narrowed here for the compiler.
    const location = request.location as { lat: number; lng: number };
    const scout = request.scoutFind;
    if (scout && !member.scoutMode) throw new DomainError(ItemError.SCOUT_MODE_REQUIRED, 'Only Scouts can post scout finds. Turn on scout mode first.');
    const paid = !scout && request.pricingType === 'paid';
    if (paid && !member.isVerified)
      throw new DomainError(UserError.VERIFICATION_REQUIRED, 'Only verified users can post items with a reward. Please verify your account first.');
    const hours = scout ? SCOUT_FIND_HOURS : request.timeLimit;
    return {
      ...this.blank(),
      title: request.title,
      description: request.description,
      category: request.category,
      imageUrl: request.imageUrl ?? null,
      pricingType: paid ? 'paid' : 'free',
      customAmount: paid ? (request.customAmount ?? null) : null,
      timeLimit: hours,
      expiresAt: new Date(Date.now() + hours * HOUR_MS),
      lat: location.lat,
      lng: location.lng,
      locationDescription: request.locationDescription ?? null,
      isScoutFind: scout,
    };
  }

  private garageSale(request: CreateGarageSaleRequest): NewItem {
    if (new Date(request.garageSaleEndTime).getTime() <= Date.now()) {
      throw new DomainError(ErrorCode.VALIDATION_FAILED, GARAGE_SALE_ENDED_MESSAGE);
    }
    return {
      ...this.blank(),
      title: request.title,
      description: request.description,
      category: request.category,
      pricingType: 'free',
      timeLimit: request.timeLimit,
      expiresAt: new Date(Date.now() + request.timeLimit * HOUR_MS),
      lat: request.latitude,
      lng: request.longitude,
      locationDescription: request.locationDescription,
      isGarageSale: true,
      garageSaleAddress: request.garageSaleAddress,
      garageSaleStartTime: new Date(request.garageSaleStartTime),
      garageSaleEndTime: new Date(request.garageSaleEndTime),
      garageSaleContactInfo: request.garageSaleContactInfo,
    };
  }

  private blank(): Omit<NewItem, 'title' | 'description' | 'category' | 'pricingType' | 'timeLimit' | 'expiresAt' | 'lat' | 'lng'> {
    return {
      imageUrl: null,
      claimedById: null,
      customAmount: null,
      locationDescription: null,
      isScoutFind: false,
      isGarageSale: false,
      garageSaleAddress: null,
      garageSaleStartTime: null,
      garageSaleEndTime: null,
      garageSaleContactInfo: null,
      interestCount: 0,
      voteCount: 0,
      stillThereCount: 0,
      lastStillThereCheck: null,
      reservedById: null,
      reservedUntil: null,
      claimedAt: null,
      removedAt: null,
      updatedAt: null,
      expiringNotifiedAt: null,
      votesDate: null,
      commentCount: 0,
    };
  }

  /** `held`: the checks hold it for a moderator, so nobody hears of it (item.posted waits for a restore). */
  private async insert(tx: Transaction, posterId: string, fields: NewItem, posterTier: Member['subscriptionTier'], held: boolean): Promise<ItemRow> {
    const timeZone = timeZoneAt(fields.lat, fields.lng);
    // Kept from the member's first post, held or not: a restore announces the post with the same zone.
    const posterTimeZone = await this.posters.dayTimeZone(tx.manager, posterId, timeZone);
    const item = await this.items.add(tx.manager, {
      ...fields,
      id: randomUUID(),
      posterId,
      status: 'available',
      listed: !held,
      inReview: false,
      unannounced: held,
      createdAt: new Date(),
      timeZone,
    });
    const row = await this.items.findView(item.id, tx.manager);
    if (!row) throw new DomainError(ErrorCode.INTERNAL, 'The item could not be read back');
    if (!held) tx.emit(Events.itemPosted, itemPostedPayload(row, posterTier, posterTimeZone));
    return row;
  }

  private async editable(tx: Transaction, itemId: string, callerId: string, action: 'edit' | 'delete'): Promise<ItemEntity> {
    const item = await this.items.lock(tx.manager, itemId);
    if (item.posterId !== callerId) throw new DomainError(ItemError.NOT_POSTER, `Only the poster can ${action} this item`);
    if (item.status !== 'available') throw new DomainError(ItemError.NOT_EDITABLE, `Only available items can be ${action === 'edit' ? 'edited' : 'deleted'}`);
    // The moderator decides on the post as it was reported or flagged; deleting it stays the poster's choice.
    if (action === 'edit' && item.inReview) throw new DomainError(ItemError.NOT_EDITABLE, IN_REVIEW_NOT_EDITABLE);
    return item;
  }

  private async requireVerifiedForPaid(tx: Transaction, userId: string): Promise<void> {
    if (!(await this.posters.member(tx.manager, userId)).isVerified) {
      throw new DomainError(UserError.VERIFICATION_REQUIRED, 'Only verified users can post items with a reward. Please verify your account first.');
    }
  }
}

export const IN_REVIEW_NOT_EDITABLE = 'A moderator is looking at this post: you can edit it again once they have decided (you may still delete it)';

/** What a new post shows to others in words, its contact line aside: title, description, where to find it, a sale's address. */
function postedText(request: CreateItemRequest): string {
  const address = request.isGarageSale ? [request.garageSaleAddress] : [];
  return [request.title, request.description, request.locationDescription, ...address].filter((text) => text).join('\n');
}
