import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { reportError } from './error-reporter';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    /** handlesErrors: the caller shows the error itself (forms put 400s at their fields). */
    mutationMeta: { handlesErrors?: boolean };
  }
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.kind === 'business' || error.kind === 'unauthorized')) return false;
  return failureCount < 2;
}

/** The console's query client: failed queries and mutations report through the error reporter. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) reportError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.handlesErrors) reportError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
