import { queryOptions } from '@tanstack/react-query';
import type { AdminOrganizationListItem } from '../../domain/application.ts';
import type { Fund } from '../../domain/applicationStatus.ts';
import type { ApiClient } from './client.ts';

/**
 * GET /api/Organization/GetAllOrgsCompilazioni without parameters: the whole list (admins only). The server
 * caches it and answers 304 while nothing changed; the panel filters, sorts and pages it in the browser, so a
 * keystroke in the search box never waits for the network.
 */
export async function getAllOrgsCompilazioni(api: ApiClient, signal?: AbortSignal): Promise<AdminOrganizationListItem[]> {
  return await api<AdminOrganizationListItem[]>('/api/Organization/GetAllOrgsCompilazioni', { signal });
}

export const adminOrganizationQueries = {
  /** Under ['application', …]: a status change anywhere refreshes the list. */
  list: (api: ApiClient) =>
    queryOptions({
      queryKey: ['application', 'adminList'] as const,
      queryFn: ({ signal }) => getAllOrgsCompilazioni(api, signal),
    }),
};

/**
 * POST /api/DraftCompilazione/DownloadExcelCompilazioni: the xlsx as a Blob, through the shared client, so an
 * expired access token is renewed and the download replayed.
 */
export async function downloadExcelCompilazioni(api: ApiClient, fund: Fund, ids: readonly string[]): Promise<Blob> {
  const { blob } = await api.download('/api/DraftCompilazione/DownloadExcelCompilazioni', {
    method: 'POST',
    body: { compilazioniId: [...ids], callType: fund },
  });
  return blob;
}

/** Spec §9: Lista-candidature-{fund}.xlsx. */
export function excelFileName(fund: Fund): string {
  return `Lista-candidature-${fund}.xlsx`;
}
