import type { QueryClient } from '@tanstack/react-query';
import type { Fund } from '../../../domain/applicationStatus.ts';
import { fundEntry } from '../../../domain/funds.ts';
import { reviewSurveyNames } from '../../../domain/surveys.ts';
import { applicationQueries } from '../../api/applications.ts';
import { attachmentQueries } from '../../api/attachments.ts';
import type { ApiClient } from '../../api/client.ts';
import { monitoringQueries } from '../../api/monitoring.ts';
import { surveyQueries } from '../../api/surveys.ts';
import { SurveyRenderer } from '../../features/review-survey/lazySurveyRenderer.ts';
import { ensureQuery } from './ensureQuery.ts';

export interface ReviewSurveyRequest {
  fund: Fund;
  organizationId: string;
  monitoraggio: boolean;
  /** Monitoring: the period asked for (its id); the current one when undefined. */
  periodo: string | undefined;
}

/**
 * The loader of the review and monitoring survey routes (the applicant's and the admin's): what ReviewSurveyWizard
 * reads, in the order it needs it — the application and the survey list, then (monitoring) the period shown, then
 * each survey's stored answers and the definition they were given against — with the same query options, so the
 * survey opens on its first render. The wizard opens on a survey: SurveyJS (its own chunk, loaded only on these
 * routes) is fetched meanwhile and waited for with the data, so the survey renders at once instead of through a
 * fallback. A failed read (data or code) is left to the screen, which shows it and the way to retry.
 */
export async function loadReviewSurvey(queryClient: QueryClient, api: ApiClient, request: ReviewSurveyRequest): Promise<void> {
  const { fund, organizationId, monitoraggio, periodo } = request;
  const surveyCode: Promise<unknown>[] = [];
  const loadSurveyCode = () => surveyCode.push(SurveyRenderer.preload().catch(() => undefined));
  if (!monitoraggio) loadSurveyCode();
  const [compilation, types] = await Promise.all([
    ensureQuery(queryClient, applicationQueries.compilation(api, fund, organizationId)),
    ensureQuery(queryClient, surveyQueries.typeList(api)),
  ]);
  if (compilation === undefined || types === undefined) return;
  let periodId: string | undefined;
  if (monitoraggio) {
    const periods = await ensureQuery(queryClient, monitoringQueries.rows(api, fund, compilation.id));
    const period = periods?.find((row) => (periodo ? row.id === periodo : row.current));
    if (period === undefined) return;
    periodId = period.id;
    loadSurveyCode();
  }
  // The attachments' check opens the wizard (Invia waits for it): asked for now, not waited for here.
  if (!monitoraggio) void ensureQuery(queryClient, attachmentQueries.validation(api, fund, organizationId, 'review'));
  const latest = reviewSurveyNames(fundEntry(fund)).map((name) => types.find((type) => type.name === name));
  await Promise.all([
    ...surveyCode,
    ...latest.map(async (type) => {
      if (type === undefined) return;
      // Answers are nearly always pinned to the latest version: its definition is asked for beside them, not after.
      void ensureQuery(queryClient, surveyQueries.definition(api, type.id));
      const submission = await ensureQuery(queryClient, surveyQueries.submission(api, type.id, compilation.id, monitoraggio, periodId));
      // The answers are shown with the definition they were given against (a newer version may exist).
      await ensureQuery(queryClient, surveyQueries.definition(api, submission?.surveyId ?? type.id));
    }),
  ]);
  // The surveys' check behind the step indicators is the server's slowest answer (it runs both surveys over the
  // answers): asked for once the survey's own data is here, so it does not hold them up, and not waited for — the
  // wizard keeps the indicators' line until it arrives, while the survey renders.
  void ensureQuery(queryClient, surveyQueries.validation(api, compilation.id, monitoraggio, periodId));
}
