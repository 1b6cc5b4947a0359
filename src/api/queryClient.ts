import { QueryClient, type Query } from '@tanstack/react-query';

/** How recently read data counts as just loaded: by the route's loader, or by the screen the person came from. */
export const JUST_LOADED_MS = 2_000;

/**
 * A screen that mounts asks again for what it reads, unless it was read a moment ago and nothing made it out of
 * date since (a save's invalidation does). A route's loader fills the cache right before its screen renders, so
 * asking again on mount would fetch every answer twice, and on the survey routes hold the server while the survey
 * renders. Window focus and invalidations do ask again: the data stays stale at once.
 */
export function refetchUnlessJustLoaded(query: Query, now = Date.now()): boolean {
  return query.state.isInvalidated || now - query.state.dataUpdatedAt >= JUST_LOADED_MS;
}

/** The portal's query cache: data is stale at once (focus and invalidations ask again), not refetched on mount. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { refetchOnMount: (query) => refetchUnlessJustLoaded(query) } } });
}
