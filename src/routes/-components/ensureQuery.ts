import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A route's loader puts what its screen shows into the query cache before the screen renders, with the query
 * options the screen's components read (so they find the data there). A failed read is left to the screen: its
 * query shows the failure and the way to retry, as when it loaded alone. Answers the data, or undefined.
 */
export function ensureQuery<TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TData, Error, TData, TQueryKey>,
): Promise<TData | undefined> {
  return queryClient.ensureQueryData(options).catch(() => undefined);
}
