import { queryOptions } from '@tanstack/react-query';
import type { Fund } from '../../domain/applicationStatus.ts';
import { fundEntry } from '../../domain/funds.ts';
import { monitoringRowSchema, type MonitoringRow } from '../../domain/monitoring.ts';
import type { ApiClient } from './client.ts';
import { parseResponse } from './response.ts';

/** GET /api/Monitoraggio/ShowMonitoraggioTur | ShowMonitoraggioPui (candidaturaId): the periods opened for the application. */
export async function getMonitoringRows(api: ApiClient, fund: Fund, candidaturaId: string, signal?: AbortSignal): Promise<MonitoringRow[]> {
  const controller = fundEntry(fund).controller;
  return parseResponse(monitoringRowSchema.array(), await api(`/api/Monitoraggio/ShowMonitoraggio${controller}`, { query: { candidaturaId }, signal }));
}

export const monitoringQueries = {
  all: ['monitoring'] as const,
  rows: (api: ApiClient, fund: Fund, candidaturaId: string) =>
    queryOptions({
      queryKey: ['monitoring', 'rows', fund, candidaturaId] as const,
      queryFn: ({ signal }) => getMonitoringRows(api, fund, candidaturaId, signal),
    }),
};
