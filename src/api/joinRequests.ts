import { queryOptions } from '@tanstack/react-query';
import type { JoinDecision, MyJoinRequest, OpenJoinRequest } from '../../domain/joinRequest.ts';
import type { ApiClient } from './client.ts';

/**
 * POST /api/JoinRequest/CreateJoinRequest: asks to join the organisation registered with `pIva`. Resolves with the
 * request (the one already pending, if any); rejects with ApiRequestError (400 per field, 409 already a member).
 */
export async function createJoinRequest(api: ApiClient, pIva: string, reason: string): Promise<MyJoinRequest> {
  return api<MyJoinRequest>('/api/JoinRequest/CreateJoinRequest', { method: 'POST', body: { pIva, reason } });
}

/** POST /api/JoinRequest/DecideJoinRequest: 409 when already decided or past its term. */
export async function decideJoinRequest(api: ApiClient, id: string, decision: JoinDecision, note: string): Promise<void> {
  await api('/api/JoinRequest/DecideJoinRequest', { method: 'POST', body: { id, decision, ...(note.trim() ? { note } : {}) } });
}

export const joinRequestQueries = {
  all: ['joinRequest'] as const,
  /** The signed-in person's own requests. */
  mine: (api: ApiClient) =>
    queryOptions({
      queryKey: ['joinRequest', 'mine'] as const,
      queryFn: ({ signal }) => api<MyJoinRequest[]>('/api/JoinRequest/GetMyJoinRequests', { signal }),
    }),
  /** The open requests of one organisation (its referents, platform administrators). */
  ofOrganization: (api: ApiClient, organizationId: string) =>
    queryOptions({
      queryKey: ['joinRequest', 'organization', organizationId] as const,
      queryFn: ({ signal }) => api<OpenJoinRequest[]>('/api/JoinRequest/GetJoinRequests', { query: { organizationId }, signal }),
    }),
  /** Every open request (platform administrators). */
  open: (api: ApiClient) =>
    queryOptions({
      queryKey: ['joinRequest', 'open'] as const,
      queryFn: ({ signal }) => api<OpenJoinRequest[]>('/api/JoinRequest/GetOpenJoinRequests', { signal }),
    }),
};
