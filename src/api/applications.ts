import type { IntegrationItem } from '../../domain/integration.ts';
import type { AnswerItemBody, IntegrationItemRequest } from '../../domain/integrationItems.ts';
import { queryOptions } from '@tanstack/react-query';
import type { AdminStatusHistoryItem, CompilationView, FundCompilation } from '../../domain/application.ts';
import { NO_APPLICATION_ID, type Fund } from '../../domain/applicationStatus.ts';
import { fundEntry } from '../../domain/funds.ts';
import type { ApiClient } from './client.ts';

/** A compilation with the fund's own warnings list (warningsTur, warningsPui) under one name. */
export type Compilation = CompilationView;

/** GET /api/Tur/GetTurCompilazione, /api/Pui/GetPuiCompilazione (orgId). */
export async function getCompilation(api: ApiClient, fund: Fund, orgId: string, signal?: AbortSignal): Promise<Compilation> {
  const { controller, warningsKey } = fundEntry(fund);
  const body = await api<FundCompilation>(`/api/${controller}/Get${controller}Compilazione`, { query: { orgId }, signal });
  // The server's own answer (its route serialises through compilationSchemaOf): only the warnings' key is renamed.
  const { [warningsKey]: warnings, ...rest } = body;
  return { ...(rest as Omit<CompilationView, 'warnings'>), warnings: warnings as string[] };
}

export function hasApplication(compilation: Pick<Compilation, 'id'>): boolean {
  return compilation.id !== NO_APPLICATION_ID;
}

/** POST /api/{Tur|Pui}/Update{Tur|Pui}CompilazioneStatus?{turId|puiId}=&status=&note= (the Italian label). */
export async function updateCompilationStatus(
  api: ApiClient,
  request: {
    fund: Fund;
    applicationId: string;
    status: string;
    note: string;
    deadline?: string | null;
    /** In integrazione (issue 44): the fields and slots to correct, each with its message. */
    items?: readonly IntegrationItemRequest[];
  },
): Promise<FundCompilation> {
  const { controller, idQueryKey: idKey } = fundEntry(request.fund);
  const note = request.note.trim();
  // The application as changed, with the receipt a hand-over issued.
  return await api<FundCompilation>(`/api/${controller}/Update${controller}CompilazioneStatus`, {
    method: 'POST',
    query: {
      [idKey]: request.applicationId,
      status: request.status,
      ...(note === '' ? {} : { note }),
      ...(request.deadline ? { deadline: request.deadline } : {}),
    },
    ...(request.items && request.items.length > 0 ? { body: { items: request.items } } : {}),
  });
}

/** POST /api/Integration/AnswerItem (issue 44): a field item's new value, or a reply that nothing needs changing. */
export async function answerIntegrationItem(api: ApiClient, body: AnswerItemBody): Promise<IntegrationItem> {
  return await api<IntegrationItem>('/api/Integration/AnswerItem', { method: 'POST', body });
}

/** GET /api/Organization/GetCompilazioneHistory (admins): every change with note and author, oldest first. */
export async function getCompilationHistory(
  api: ApiClient,
  compilazioneId: string,
  signal?: AbortSignal,
): Promise<AdminStatusHistoryItem[]> {
  return await api<AdminStatusHistoryItem[]>('/api/Organization/GetCompilazioneHistory', { query: { compilazioneId }, signal });
}

export const applicationQueries = {
  /** Every application's query (the admin's list, timeline, evaluation and notes sit under it too): a status change refreshes them all. */
  all: ['application'] as const,
  compilation: (api: ApiClient, fund: Fund, orgId: string) =>
    queryOptions({
      queryKey: ['application', 'compilation', fund, orgId] as const,
      queryFn: ({ signal }) => getCompilation(api, fund, orgId, signal),
    }),
  history: (api: ApiClient, compilazioneId: string) =>
    queryOptions({
      queryKey: ['application', 'history', compilazioneId] as const,
      queryFn: ({ signal }) => getCompilationHistory(api, compilazioneId, signal),
    }),
};
