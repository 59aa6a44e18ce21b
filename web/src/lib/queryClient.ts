import { QueryClient } from '@tanstack/react-query';

/**
 * One QueryClient per app. Failures are already shown by the API client (toast or inline), so queries do not
 * retry on their own: a retry would toast the same failure again. Window focus does not refetch either; the
 * screens that must stay fresh poll at the spec's intervals.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
