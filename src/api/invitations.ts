import { queryOptions } from '@tanstack/react-query';
import type { AcceptInvitationResponse, InvitationView, SendInvitationsRequest, SendInvitationsResponse } from '../../domain/invitation.ts';
import type { ApiClient } from './client.ts';

/**
 * POST /api/SendEmail/SendEmail: invites to the organisation the client selected (the API client sends
 * the SelectedOrganizationId header); one e-mail with a single-use link per address.
 */
export async function sendInvitations(api: ApiClient, request: SendInvitationsRequest): Promise<SendInvitationsResponse> {
  return api<SendInvitationsResponse>('/api/SendEmail/SendEmail', { method: 'POST', body: { ...request } });
}

/** GET /api/Organization/GetInvitation?token=: which organisation and address an invitation link is for. */
export async function getInvitation(api: ApiClient, token: string, signal?: AbortSignal): Promise<InvitationView> {
  return await api<InvitationView>('/api/Organization/GetInvitation', { query: { token }, signal });
}

/** POST /api/Organization/AcceptInvitation: the signed-in person joins; 403 other address, 409 used, 410 expired. */
export async function acceptInvitation(api: ApiClient, token: string): Promise<AcceptInvitationResponse> {
  return api<AcceptInvitationResponse>('/api/Organization/AcceptInvitation', { method: 'POST', body: { token } });
}

export const invitationQueries = {
  view: (api: ApiClient, token: string) =>
    queryOptions({
      queryKey: ['invitation', token] as const,
      queryFn: ({ signal }) => getInvitation(api, token, signal),
      // A 404/409/410 is an answer, not a glitch: asking again would not change it.
      retry: false,
    }),
};
