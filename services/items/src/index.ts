export { itemsService } from './items.definition';
export { feedQuery, topFindsQuery } from './items/feed.query';
export type { FeedQuery, FeedSearch } from './items/feed.query';
export { ExpiryScheduler } from './expiry/expiry.scheduler';
export { ClaimsService } from './claims/claims.service';
export { checkText, TEXT_RULES } from './moderation/checks/text-checks.rules';
export { CONTENT_CORPUS_FILE, parseCorpus } from './moderation/checks/content-corpus';
export type { CorpusEntry } from './moderation/checks/content-corpus';
