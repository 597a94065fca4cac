import { isClientError } from '@federa/client';
import { QueryClient } from '@tanstack/react-query';

/**
 * Refusals that asking again cannot change: not signed in (the HTTP client already renewed once),
 * not allowed, not there. Retrying them only keeps the user waiting for the same message.
 */
const FINAL_STATUSES = new Set([401, 403, 404]);

/** One retry for failures that may pass (network, 5xx), none for a refusal. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isClientError(error) && error.statusCode !== undefined && FINAL_STATUSES.has(error.statusCode)) {
    return false;
  }
  return failureCount < 1;
}

/** Server-state cache of the app. Query hooks over `@federa/client` live next to this file. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Realtime events keep lists current, so refetching on every focus is not needed.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        retry: shouldRetryQuery,
      },
    },
  });
}
