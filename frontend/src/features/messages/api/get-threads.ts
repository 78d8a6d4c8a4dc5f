import type { MessageThreadSummary } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageKeys } from './keys';

export type { MessageThreadSummary };

export const getThreads = (itemId: string, signal?: AbortSignal) => api.get<MessageThreadSummary[]>(apiPath('messageThreads', { id: itemId }), signal);

/** The poster's threads on their item (only the poster asks: anyone else gets MESSAGE.NOT_FOUND). */
export const useThreads = (itemId: string, enabled = true) =>
  useQuery({ queryKey: messageKeys.threads(itemId), queryFn: ({ signal }) => getThreads(itemId, signal), enabled, retry: false });
