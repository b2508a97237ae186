import { QueryClient } from '@tanstack/react-query';

/**
 * Failed calls already show their toast (spec 8); retrying silently would show it again, so
 * queries do not retry. The session check has its own retry rule (spec 4).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
