import type { MessageThread } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '../../../lib/api-client';
import { messageKeys } from './keys';

export type { MessageThread };

export const getThread = (itemId: string, withId: string | undefined, signal?: AbortSignal) =>
  api.get<MessageThread>(withQuery(apiPath('messages', { id: itemId }), { with: withId }), signal);

export const threadQueryOptions = (itemId: string, withId?: string) =>
  queryOptions({ queryKey: messageKeys.thread(itemId, withId), queryFn: ({ signal }) => getThread(itemId, withId, signal), retry: false });

export const useThread = (itemId: string, withId?: string) => useQuery(threadQueryOptions(itemId, withId));
