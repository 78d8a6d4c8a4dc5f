import { ApiRoutes } from '@curbside/contracts/client';

/** Every query key of handover messages: one thread per item and member (undefined: the caller's own, or the holder's). */
export const messageKeys = {
  all: [ApiRoutes.messages.path] as const,
  item: (itemId: string) => [ApiRoutes.messages.path, itemId] as const,
  /** The poster's list of threads: under the item's key, so sending or answering refreshes it too. */
  threads: (itemId: string) => [ApiRoutes.messages.path, itemId, 'threads'] as const,
  thread: (itemId: string, withId: string | undefined) => [ApiRoutes.messages.path, itemId, withId ?? 'default'] as const,
};
