import { createFileRoute } from '@tanstack/react-router';
import { parseSurveyWizardSearch } from '../../features/funds/surveySearch.ts';
import { ReviewSurveyWizard } from '../../features/review-survey/ReviewSurveyWizard.tsx';
import { loadReviewSurvey } from '../-components/loadReviewSurvey.ts';
import { surveyMessages } from '../../../domain/messages/survey.ts';
import { useMemberStanding } from '../../features/member-standing/useMemberStanding.ts';
import { Spinner } from '../../ui/Spinner.tsx';
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
  // The member's role (issue 42): Sola lettura sees the survey read-only; who may not hand over is told who may.
  const standing = useMemberStanding(api, organizationId, fund);
  if (!standing) return <Spinner label={surveyMessages.loading} />;
  const readOnly = (isReadOnly ?? false) || !standing.mayWrite;
  return (
    <ReviewSurveyWizard
      key={`${fund}-${organizationId}-${String(monitoraggio)}-${String(readOnly)}-${periodo ?? ''}`}
      api={api}
      transfers={transfers}
      fund={fund}
      organizationId={organizationId}
      viewer="applicant"
      isReadOnly={readOnly}
      readOnlyNotice={standing.readOnlyNotice}
      handOverNotice={standing.handOverNotice}
      monitoraggio={monitoraggio ?? false}
      periodId={periodo}
    />
  );
}
