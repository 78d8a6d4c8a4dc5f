import type { User, UserView } from '@curbside/contracts';
import { apiPath } from '@curbside/contracts/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client';
import { userKeys } from './keys';

export const getUser = (id: string, signal?: AbortSignal) => api.get<UserView>(apiPath('getUser', { id }), signal);

export const userQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => getUser(id as string, signal),
    enabled: id !== null,
  });

/** The owner's record carries private fields; the public view means the session is someone else's. */
export function isOwnRecord(user: UserView): user is User {
  return 'isVerified' in user;
}

export function useUser(id: string | null) {
  return useQuery(userQueryOptions(id));
}
