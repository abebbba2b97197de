import { QueryClient, type QueryKey } from '@tanstack/react-query';

/** Defaults: no refetch on interval or focus, data never stale, no retries (docs/design.md, "Renderer"). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchInterval: false, refetchOnWindowFocus: false, staleTime: Infinity, retry: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Loads a query again, with data read from now on: for a change the server announced (a socket
 * frame). React Query joins a refetch asked for during a query's first load (no data yet) to that
 * load, which may have been read before the change; so whatever load is under way is cancelled
 * first and a new one starts.
 */
export async function reloadQuery(client: QueryClient, queryKey: QueryKey): Promise<void> {
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}
