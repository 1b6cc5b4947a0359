import { createFileRoute } from '@tanstack/react-router';
import { parseSurveyWizardSearch } from '../../features/funds/surveySearch.ts';
import { ReviewSurveyWizard } from '../../features/review-survey/ReviewSurveyWizard.tsx';
import { loadReviewSurvey } from '../-components/loadReviewSurvey.ts';
import { fundOrganizationParams } from '../-components/routeParams.ts';

/**
 * Spec §2: a fund's review (or, with monitoraggio, monitoring) survey of the organisation
 * (/survey/TUR_istruttoria/{id}, /survey/PUI_istruttoria/{id}: any fund of the table of funds); isReadOnly shows it
 * without editing.
 */
export const Route = createFileRoute('/_authenticated/survey/{$fund}_istruttoria/$organizationId')({
  params: fundOrganizationParams,
  validateSearch: parseSurveyWizardSearch,
  loaderDeps: ({ search: { monitoraggio, periodo } }) => ({ monitoraggio: monitoraggio ?? false, periodo }),
  loader: ({ context: { queryClient, api }, params, deps }) => loadReviewSurvey(queryClient, api, { ...params, ...deps }),
  component: SurveyPage,
});

function SurveyPage() {
  const { api, transfers } = Route.useRouteContext();
  const { fund, organizationId } = Route.useParams();
  const { isReadOnly, monitoraggio, periodo } = Route.useSearch();
  return (
    <ReviewSurveyWizard
      key={`${fund}-${organizationId}-${String(monitoraggio)}-${String(isReadOnly)}-${periodo ?? ''}`}
      api={api}
      transfers={transfers}
      fund={fund}
      organizationId={organizationId}
      viewer="applicant"
      isReadOnly={isReadOnly ?? false}
      monitoraggio={monitoraggio ?? false}
      periodId={periodo}
    />
  );
}
