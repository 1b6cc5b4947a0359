import { queryOptions } from '@tanstack/react-query';
import type {
  CreateSurveyAnswersBody,
  SurveyDefinition,
  SurveyDefinitionSummary,
  SurveySubmission,
  SurveyValidation,
} from '../../domain/surveys.ts';
import type { ApiClient } from './client.ts';

/** GET /api/SJSurvey/GetSurveyTypeList: the latest version of each survey. */
export async function getSurveyTypeList(api: ApiClient, signal?: AbortSignal): Promise<SurveyDefinitionSummary[]> {
  return await api<SurveyDefinitionSummary[]>('/api/SJSurvey/GetSurveyTypeList', { signal });
}

/** GET /api/SJSurvey/GetSurveyJsonStructBySurveyID (surveyId): one version of a definition. */
export async function getSurveyDefinition(api: ApiClient, surveyId: number, signal?: AbortSignal): Promise<SurveyDefinition> {
  return await api<SurveyDefinition>('/api/SJSurvey/GetSurveyJsonStructBySurveyID', { query: { surveyId }, signal });
}

/** GET /api/SJSurvey/GetSurveySubmssionbySurveyId: the application's answers to that survey, null before the first save. */
export async function getSurveySubmission(
  api: ApiClient,
  request: { surveyId: number; candidaturaId: string; monitoraggio: boolean; periodo?: string | undefined },
  signal?: AbortSignal,
): Promise<SurveySubmission | null> {
  const { periodo, ...rest } = request;
  return await api<SurveySubmission | null>('/api/SJSurvey/GetSurveySubmssionbySurveyId', {
    query: { ...rest, monitoraggio: String(request.monitoraggio), ...(periodo ? { periodo } : {}) },
    signal,
  });
}

/** GET /api/SJSurvey/GetSurveyValidation: what still stops the submit, by survey and question. */
export async function getSurveyValidation(
  api: ApiClient,
  candidaturaId: string,
  monitoraggio: boolean,
  signal?: AbortSignal,
  periodo?: string,
): Promise<SurveyValidation> {
  return await api<SurveyValidation>('/api/SJSurvey/GetSurveyValidation', {
    query: { candidaturaId, monitoraggio: String(monitoraggio), ...(periodo ? { periodo } : {}) },
    signal,
  });
}

/** POST /api/SJSurvey/CreateSurveyAnswers: one survey's answers, with the version last seen (412 when stale). */
export async function createSurveyAnswers(api: ApiClient, body: CreateSurveyAnswersBody): Promise<SurveySubmission> {
  return await api<SurveySubmission>('/api/SJSurvey/CreateSurveyAnswers', { method: 'POST', body });
}

export const surveyQueries = {
  all: ['surveys'] as const,
  /** Every survey check (each application, stage and period). */
  validations: ['surveys', 'validation'] as const,
  // Spec §7: survey lists are never refetched automatically on stale data.
  typeList: (api: ApiClient) =>
    queryOptions({ queryKey: ['surveys', 'types'] as const, queryFn: ({ signal }) => getSurveyTypeList(api, signal), staleTime: Infinity }),
  definition: (api: ApiClient, surveyId: number) =>
    queryOptions({
      queryKey: ['surveys', 'definition', surveyId] as const,
      queryFn: ({ signal }) => getSurveyDefinition(api, surveyId, signal),
      staleTime: Infinity,
    }),
  /** `periodo`: a monitoring period (the current one when omitted). */
  validation: (api: ApiClient, candidaturaId: string, monitoraggio: boolean, periodo?: string) =>
    queryOptions({
      queryKey: ['surveys', 'validation', candidaturaId, monitoraggio, periodo ?? null] as const,
      queryFn: ({ signal }) => getSurveyValidation(api, candidaturaId, monitoraggio, signal, periodo),
    }),
  submission: (api: ApiClient, surveyId: number, candidaturaId: string, monitoraggio: boolean, periodo?: string) =>
    queryOptions({
      queryKey: ['surveys', 'submission', surveyId, candidaturaId, monitoraggio, periodo ?? null] as const,
      queryFn: ({ signal }) => getSurveySubmission(api, { surveyId, candidaturaId, monitoraggio, periodo }, signal),
      // Refreshed on every step change (the wizard invalidates it), never behind the person's back while typing.
      staleTime: Infinity,
    }),
};
