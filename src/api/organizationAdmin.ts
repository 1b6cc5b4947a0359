import { queryOptions } from '@tanstack/react-query';
import type { AdminActResult } from '../../domain/organizationAdmin.ts';
import type { OrganizationEvent } from '../../domain/organizationHistory.ts';
import type { AdminActFields, AdminActKind } from '../../machines/organization-admin-actions/types.ts';
import type { ApiClient } from './client.ts';

const ACT_PATHS: Record<AdminActKind, string> = {
  add: '/api/Organization/AdminAddMember',
  remove: '/api/Organization/AdminRemoveMember',
  makeReferent: '/api/Organization/AdminMakeReferent',
  suspend: '/api/Organization/SuspendOrganization',
  restore: '/api/Organization/RestoreOrganization',
};

/** The body each act sends: the organisation, what the act needs, the reason. */
function bodyOf(organizationId: string, act: AdminActKind, fields: AdminActFields): Record<string, unknown> {
  const base = { organizationId, reason: fields.reason.trim() };
  switch (act) {
    case 'add':
      return { ...base, email: fields.email.trim(), role: fields.role };
    case 'remove':
      return { ...base, userId: fields.member?.userId ?? '' };
    case 'makeReferent':
      return { ...base, userId: fields.member?.userId ?? '', demoteOthers: fields.demoteOthers };
    case 'suspend':
    case 'restore':
      return base;
  }
}

/** One of the platform administrator's acts on an organisation (issue 42); rejects with the server's Italian message. */
export async function performAdminAct(
  api: ApiClient,
  input: { organizationId: string; act: AdminActKind; fields: AdminActFields },
): Promise<AdminActResult> {
  return api<AdminActResult>(ACT_PATHS[input.act], { method: 'POST', body: bodyOf(input.organizationId, input.act, input.fields) });
}

/** GET /api/Organization/GetOrganizationHistory: platform administrators and the organisation's Referenti. */
export async function getOrganizationHistory(api: ApiClient, organizationId: string, signal?: AbortSignal): Promise<OrganizationEvent[]> {
  return api<OrganizationEvent[]>('/api/Organization/GetOrganizationHistory', { query: { organizationId }, signal });
}

export const organizationHistoryQueries = {
  /** Under ['organization', …]: whatever refreshes the organisation refreshes its history. */
  history: (api: ApiClient, organizationId: string) =>
    queryOptions({
      queryKey: ['organization', 'history', organizationId] as const,
      queryFn: ({ signal }) => getOrganizationHistory(api, organizationId, signal),
    }),
};
