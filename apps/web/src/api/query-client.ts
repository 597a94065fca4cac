import { QueryClient } from '@tanstack/react-query';

/** Server-state cache of the app. Query hooks over `@federa/client` live next to this file. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Realtime events keep lists current, so refetching on every focus is not needed.
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        retry: 1,
      },
    },
  });
}
