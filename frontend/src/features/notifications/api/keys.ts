/** Every notification query of a user starts with this key, so one invalidation refreshes count and lists. */
export const notificationKeys = {
  all: (userId: string | null) => ['/api/notifications', userId] as const,
  count: (userId: string | null) => ['/api/notifications', userId, 'count'] as const,
  list: (userId: string | null, unreadOnly: boolean) => ['/api/notifications', userId, 'list', unreadOnly ? 'unread' : 'all'] as const,
  lists: (userId: string | null) => ['/api/notifications', userId, 'list'] as const,
};
