import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A route's loader puts what its screen shows into the query cache before the screen renders, with the query
 * options the screen's components read (so they find the data there). Data already in the cache is used as it is,
 * unless something made it out of date (a save, a hand-over, a status change invalidated it): then it is read
 * again, so the screen opens on what is true now instead of showing the old state and changing under the person's
 * eyes a moment later. A failed read throws: the route's `errorComponent` (RouteError.tsx) shows it, with one
 * "Riprova" that runs the loader again.
 */
export function loadQuery<TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TData, Error, TData, TQueryKey>,
): Promise<TData> {
  return queryClient.getQueryState(options.queryKey)?.isInvalidated
    ? queryClient.fetchQuery(options)
    : queryClient.ensureQueryData(options);
}

/**
 * As `loadQuery`, but a failed read is left to the screen, whose query shows the failure and its own way to
 * retry: for routes whose screens have not yet moved their failure to RouteError, and for reads a loader starts
 * without waiting for them. Answers the data, or undefined.
 */
export function ensureQuery<TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TData, Error, TData, TQueryKey>,
): Promise<TData | undefined> {
  return loadQuery(queryClient, options).catch(() => undefined);
}
