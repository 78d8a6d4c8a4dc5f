/**
 * Owns every query key of the comments feature; it lives in the shared layer because blocking a member makes every
 * thread stale too (features/blocks). An item's thread is keyed under the comments, not under the feed's
 * path: a change to the item lists (a vote, a claim) does not refetch every open thread.
 */
export const commentKeys = {
  threads: ['comments', 'thread'] as const,
  thread: (itemId: string) => ['comments', 'thread', itemId] as const,
  quotas: ['comments', 'monthly'] as const,
  quota: (userId: string | null) => ['comments', 'monthly', userId] as const,
};
