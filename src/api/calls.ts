import { queryOptions } from '@tanstack/react-query';
import type { Call } from '../../domain/call.ts';
import type { ApiClient } from './client.ts';

/** GET /api/Call/GetCallList: one item per fund, TUR first. */
export async function getCallList(api: ApiClient, signal?: AbortSignal): Promise<Call[]> {
  return await api<Call[]>('/api/Call/GetCallList', { signal });
}

export const callQueries = {
  list: (api: ApiClient) =>
    queryOptions({ queryKey: ['call', 'list'] as const, queryFn: ({ signal }) => getCallList(api, signal), staleTime: 5 * 60_000 }),
};
