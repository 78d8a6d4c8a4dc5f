import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CreateItemRequest, DomainError, ErrorCode, Events, FeedQuery, Item } from '@curbside/contracts';
import { EventOutbox } from '@curbside/platform';
import { ItemEntity } from './item.entity';
import { toItem } from './item.mapper';
import { ItemsRepository } from './items.repository';

const HOUR_MS = 3600 * 1000;

@Injectable()
export class ItemsService {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly items: ItemsRepository,
  ) {}

  /** Posts an item for the caller; item.posted leaves in the same transaction (rewards credits the points). */
  async post(request: CreateItemRequest, posterId: string | undefined): Promise<Item> {
    if (!posterId) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Please sign in to post items');
    if (!request.location) throw new DomainError(ErrorCode.VALIDATION_FAILED, 'Location is required');
    const location = request.location;
    const now = new Date();
    const row = await this.outbox.transaction(async (tx) => {
      const item: ItemEntity = tx.manager.create(ItemEntity, {
        id: randomUUID(),
        posterId,
        title: request.title,
        description: request.description,
        category: request.category,
        imageUrl: request.imageUrl ?? null,
        status: 'available',
        claimedById: null,
        pricingType: request.pricingType,
        customAmount: request.pricingType === 'paid' ? (request.customAmount ?? null) : null,
        timeLimit: request.timeLimit,
        expiresAt: new Date(now.getTime() + request.timeLimit * HOUR_MS),
        createdAt: now,
        lat: location.lat,
        lng: location.lng,
        locationDescription: request.locationDescription ?? null,
        isScoutFind: request.scoutFind,
        isGarageSale: false,
        garageSaleAddress: null,
        garageSaleStartTime: null,
        garageSaleEndTime: null,
        garageSaleContactInfo: null,
        interestCount: 0,
        voteCount: 0,
        stillThereCount: 0,
        lastStillThereCheck: null,
      });
      await tx.manager.insert(ItemEntity, item);
      tx.emit(Events.itemPosted, {
        itemId: item.id,
        posterId,
        title: item.title,
        category: item.category,
        isScoutFind: item.isScoutFind,
        isGarageSale: item.isGarageSale,
        pricingType: item.pricingType,
        lat: item.lat,
        lng: item.lng,
        createdAt: item.createdAt.toISOString(),
      });
      return this.items.findById(item.id, tx.manager);
    });
    if (!row) throw new DomainError(ErrorCode.INTERNAL, 'The item could not be read back');
    return toItem(row, posterId);
  }

  /** The owner sees everything they posted and hold; others see only what is still up for grabs. */
  async byUser(userId: string, callerId: string | undefined): Promise<Item[]> {
    const own = callerId === userId;
    const rows = await this.items.byUser(userId, own, !own);
    return rows.map((row) => toItem(row, callerId));
  }

  async feed(query: FeedQuery, callerId: string | undefined): Promise<Item[]> {
    const rows = await this.items.feed({ lat: query.lat, lng: query.lng, radiusMiles: query.radius, limit: query.limit });
    return rows.map((row) => toItem(row, callerId));
  }
}
