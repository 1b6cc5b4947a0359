import { queryOptions } from '@tanstack/react-query';
import type { Fund } from '../../domain/applicationStatus.ts';
import { fundEntry } from '../../domain/funds.ts';
import type { MonitoringRow, OverdueMonitoring } from '../../domain/monitoring.ts';
import type { ApiClient } from './client.ts';

/** GET /api/Monitoraggio/ShowMonitoraggioTur | ShowMonitoraggioPui (candidaturaId): the periods opened for the application. */
export async function getMonitoringRows(api: ApiClient, fund: Fund, candidaturaId: string, signal?: AbortSignal): Promise<MonitoringRow[]> {
  const controller = fundEntry(fund).controller;
  return await api<MonitoringRow[]>(`/api/Monitoraggio/ShowMonitoraggio${controller}`, { query: { candidaturaId }, signal });
}

/** GET /api/Monitoraggio/GetMonitoraggiScaduti (admins): the applications whose current period is overdue. */
export async function getOverdueMonitoring(api: ApiClient, signal?: AbortSignal): Promise<string[]> {
  return (await await api<OverdueMonitoring>('/api/Monitoraggio/GetMonitoraggiScaduti', { signal })).candidaturaIds;
}

export const monitoringQueries = {
  all: ['monitoring'] as const,
  overdue: (api: ApiClient) =>
    queryOptions({ queryKey: ['monitoring', 'overdue'] as const, queryFn: ({ signal }) => getOverdueMonitoring(api, signal) }),
  rows: (api: ApiClient, fund: Fund, candidaturaId: string) =>
    queryOptions({
      queryKey: ['monitoring', 'rows', fund, candidaturaId] as const,
      queryFn: ({ signal }) => getMonitoringRows(api, fund, candidaturaId, signal),
    }),
};
