import { QueryClient } from '@tanstack/react-query';

/** Defaults: no refetch on interval or focus, data never stale, no retries (docs/design.md, "Renderer"). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchInterval: false, refetchOnWindowFocus: false, staleTime: Infinity, retry: false },
      mutations: { retry: false },
    },
  });
}
