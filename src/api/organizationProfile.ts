import { queryOptions } from '@tanstack/react-query';
import type { MemberRole, OrganizationDetail } from '../../domain/organization.ts';
import type { ApiClient } from './client.ts';
import { ApiRequestError } from './errors.ts';

/** GET /api/Organization/GetOrganizationById: the whole profile with its members, for members and platform admins. */
export async function getOrganizationById(api: ApiClient, id: string, signal?: AbortSignal): Promise<OrganizationDetail> {
  return await api<OrganizationDetail>('/api/Organization/GetOrganizationById', { query: { id }, signal });
}

/**
 * POST /api/Organization/UpdateOrganization: only the fields sent change; comune, province, address,
 * numCivico and region travel as strings (spec §3). Answers with the profile as stored.
 */
export async function updateOrganization(
  api: ApiClient,
  id: string,
  changes: Readonly<Record<string, string | boolean>>,
): Promise<OrganizationDetail> {
  return api<OrganizationDetail>('/api/Organization/UpdateOrganization', { method: 'POST', body: { ...changes, id } });
}

/** POST /api/Organization/RemoveMember: 204; 403 when not allowed, 409 for the last administrator. */
export async function removeMember(api: ApiClient, organizationId: string, userId: string): Promise<void> {
  await api('/api/Organization/RemoveMember', { method: 'POST', query: { organizationId, userId } });
}

/** POST /api/Organization/ChangeMemberRole: 204; 403 for a member who is not a Referente, 409 for the last Referente. */
export async function changeMemberRole(api: ApiClient, organizationId: string, userId: string, role: MemberRole): Promise<void> {
  await api('/api/Organization/ChangeMemberRole', { method: 'POST', body: { organizationId, userId, role } });
}

/** A 403 or 404 is the server's answer, not a glitch: shown at once. Outages are retried (spec §8). */
function retryUnlessRefused(failureCount: number, error: Error): boolean {
  const refused = error instanceof ApiRequestError && error.status !== null && error.status < 500;
  return !refused && failureCount < 3;
}

export const organizationProfileQueries = {
  /** Every organisation's query (profile, history): whatever changes an organisation refreshes them. */
  all: ['organization'] as const,
  /** Under ['organization', …] so that whatever refreshes organisations refreshes the profile too. */
  detail: (api: ApiClient, id: string) =>
    queryOptions({
      queryKey: ['organization', 'detail', id] as const,
      queryFn: ({ signal }) => getOrganizationById(api, id, signal),
      retry: retryUnlessRefused,
    }),
};
