import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Fund } from '../../domain/applicationStatus.ts';
import type { Report, ReportList } from '../../domain/reports/reportData.ts';
import type { ApiClient } from './client.ts';

/** A report's address and filters as the API takes them (spec: workspaceId, reportId). */
export interface ReportRequest {
  workspaceId: string;
  reportId: string;
  fund?: Fund;
  from?: string;
  to?: string;
}

function reportQuery({ workspaceId, reportId, fund, from, to }: ReportRequest): string {
  const params = new URLSearchParams({ workspaceId, reportId });
  if (fund) params.set('fund', fund);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  return params.toString();
}

/** GET /api/Report/GetReportList: the call's reports (none while it has no application). Admins only. */
export async function getReportList(api: ApiClient, signal?: AbortSignal): Promise<ReportList> {
  return await api<ReportList>('/api/Report/GetReportList', { signal });
}

/** GET /api/Report/GetReport: one report's sections (charts with their tables), computed by the server. */
export async function getReport(api: ApiClient, request: ReportRequest, signal?: AbortSignal): Promise<Report> {
  return await api<Report>(`/api/Report/GetReport?${reportQuery(request)}`, { signal });
}

export const reportQueries = {
  list: (api: ApiClient) => queryOptions({ queryKey: ['reports', 'list'] as const, queryFn: ({ signal }) => getReportList(api, signal) }),
  /** The figures on screen stay while the next filter's load. */
  report: (api: ApiClient, request: ReportRequest) =>
    queryOptions({
      queryKey: ['reports', 'report', request] as const,
      queryFn: ({ signal }) => getReport(api, request, signal),
      placeholderData: keepPreviousData,
    }),
};

/**
 * GET /api/Report/DownloadExcelReport: the xlsx as a Blob, through the shared client (an expired access token is
 * renewed and the download replayed). A refusal rejects with the server's Italian message.
 */
export async function downloadReportExcel(api: ApiClient, request: ReportRequest): Promise<Blob> {
  const { blob } = await api.download(`/api/Report/DownloadExcelReport?${reportQuery(request)}`);
  return blob;
}
