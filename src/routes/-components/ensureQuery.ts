import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A route's loader puts what its screen shows into the query cache before the screen renders, with the query
 * options the screen's components read (so they find the data there). Data already in the cache is used as it is,
 * unless something made it out of date (a save, a hand-over, a status change invalidated it): then it is read
 * again, so the screen opens on what is true now instead of showing the old state and changing under the person's
 * eyes a moment later. A failed read is left to the screen: its query shows the failure and the way to retry, as
 * when it loaded alone. Answers the data, or undefined.
 */
export function ensureQuery<TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TData, Error, TData, TQueryKey>,
): Promise<TData | undefined> {
  const read = queryClient.getQueryState(options.queryKey)?.isInvalidated
    ? queryClient.fetchQuery(options)
    : queryClient.ensureQueryData(options);
  return read.catch(() => undefined);
}
