import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { api } from './api-client';

/** The spec's default fetch: GET on the key parts joined with slashes. */
const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => api.get(queryKey.filter((p) => p !== undefined).join('/'), signal);

/** Shared request defaults: nothing refetches by itself, data never goes stale, nothing is retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
