import { queryOptions } from '@tanstack/react-query';
import type { Evaluation, SavedEvaluation } from '../../domain/evaluation.ts';
import type { ApiClient } from './client.ts';

/** GET /api/Evaluation/GetEvaluation: the application's evaluation form and answers (administrators, issue 44). */
export async function getEvaluation(api: ApiClient, compilazioneId: string, signal?: AbortSignal): Promise<Evaluation> {
  return await api<Evaluation>('/api/Evaluation/GetEvaluation', { query: { compilazioneId }, signal });
}

/** POST /api/Evaluation/SaveEvaluation: the answers so far, based on `version` (412 when somebody saved meanwhile). */
export async function saveEvaluation(
  api: ApiClient,
  body: { compilazioneId: string; answers: Record<string, unknown>; version: number },
): Promise<SavedEvaluation> {
  return await api<SavedEvaluation>('/api/Evaluation/SaveEvaluation', { method: 'POST', body });
}

/** POST /api/Evaluation/HandOverEvaluation: hands over the stored answers of `version` (422 with the questions to complete). */
export async function handOverEvaluation(api: ApiClient, body: { compilazioneId: string; version: number }): Promise<Evaluation> {
  return await api<Evaluation>('/api/Evaluation/HandOverEvaluation', { method: 'POST', body });
}

/** Under ['application', …]: a status change refreshes it with the application's other queries. */
export const evaluationQueries = {
  detail: (api: ApiClient, compilazioneId: string) =>
    queryOptions({
      queryKey: ['application', 'evaluation', compilazioneId] as const,
      queryFn: ({ signal }) => getEvaluation(api, compilazioneId, signal),
    }),
};
