import { createFileRoute, notFound } from '@tanstack/react-router';
import { UUID_PATTERN } from '../../../domain/uuid.ts';
import { parseSurveyWizardSearch } from '../../features/funds/surveySearch.ts';
import { ReviewSurveyWizard } from '../../features/review-survey/ReviewSurveyWizard.tsx';

/** Spec §2: the TUR review (or, with monitoraggio, monitoring) survey of the organisation; isReadOnly shows it without editing. */
export const Route = createFileRoute('/_authenticated/survey/TUR_istruttoria/$organizationId')({
  validateSearch: parseSurveyWizardSearch,
  beforeLoad: ({ params }) => {
    if (!UUID_PATTERN.test(params.organizationId)) throw notFound();
  },
  component: TURSurveyPage,
});

function TURSurveyPage() {
  const { api, transfers } = Route.useRouteContext();
  const { organizationId } = Route.useParams();
  const { isReadOnly, monitoraggio, periodo } = Route.useSearch();
  return (
    <ReviewSurveyWizard
      key={`${organizationId}-${String(monitoraggio)}-${String(isReadOnly)}-${periodo ?? ''}`}
      api={api}
      transfers={transfers}
      fund="TUR"
      organizationId={organizationId}
      viewer="applicant"
      isReadOnly={isReadOnly ?? false}
      monitoraggio={monitoraggio ?? false}
      periodId={periodo}
    />
  );
}
