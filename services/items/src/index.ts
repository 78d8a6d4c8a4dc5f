export { itemsService } from './items.definition';
export { feedQuery, topFindsQuery } from './items/feed.query';
export type { FeedQuery, FeedSearch } from './items/feed.query';
export { ExpiryScheduler } from './expiry/expiry.scheduler';
export { ClaimsService } from './claims/claims.service';
