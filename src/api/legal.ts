import { queryOptions } from '@tanstack/react-query';
import type { LegalText, LegalTextId } from '../../domain/legal.ts';
import type { ApiClient } from './client.ts';

/** GET /api/Legal/{id}: public, asked without credentials. */
export async function getLegalText(api: ApiClient, id: LegalTextId, signal?: AbortSignal): Promise<LegalText> {
  return await api<LegalText>(`/api/Legal/${id}`, { auth: 'none', signal });
}

export const legalQueries = {
  text: (api: ApiClient, id: LegalTextId) =>
    queryOptions({ queryKey: ['legal', id] as const, queryFn: ({ signal }) => getLegalText(api, id, signal), staleTime: Infinity }),
};
