import type { QueryClient } from '@tanstack/react-query';

type Prefetch = (queryClient: QueryClient) => void;

let client: QueryClient | null = null;
const waiting: Prefetch[] = [];

/**
 * A screen opened directly asks for its first data while start-up still runs (its module loads beside the app's
 * entry): `prefetch` puts it into the app's query cache through the feature's own query options, so the screen's
 * queries find it there. Nothing happens on any other address. Called at a route module's top level: the call keeps
 * that screen in a file of its own (a module without effects may be merged into the files the feed loads).
 */
export function prefetchWhenOpenedAt(path: string, prefetch: Prefetch): void {
  if (typeof window === 'undefined' || window.location.pathname !== path) return;
  if (client) prefetch(client);
  else waiting.push(prefetch);
}

/** main.tsx hands over the app's query client before the opened screen loads. */
export function startPrefetching(queryClient: QueryClient): void {
  client = queryClient;
  for (const prefetch of waiting.splice(0)) prefetch(queryClient);
}
