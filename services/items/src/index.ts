export { itemsService } from './items.definition';
export { feedQuery } from './items/feed.query';
export type { FeedQuery, FeedSearch } from './items/feed.query';
export { ExpiryScheduler } from './expiry/expiry.scheduler';
