import { createFileRoute, notFound } from '@tanstack/react-router';
import { UUID_PATTERN } from '../../../../domain/uuid.ts';
import { parseSurveyWizardSearch } from '../../../features/funds/surveySearch.ts';
import { ReviewSurveyWizard } from '../../../features/review-survey/ReviewSurveyWizard.tsx';

/** Spec §2: admin view of the TUR review (or, with monitoraggio, monitoring), read-only. Admins only. */
export const Route = createFileRoute('/_authenticated/_admin/admin-organization/TUR_istruttoria/$organizationId')({
  validateSearch: parseSurveyWizardSearch,
  beforeLoad: ({ params }) => {
    if (!UUID_PATTERN.test(params.organizationId)) throw notFound();
  },
  component: AdminTURIstruttoriaPage,
});

function AdminTURIstruttoriaPage() {
  const { api, transfers } = Route.useRouteContext();
  const { organizationId } = Route.useParams();
  const { monitoraggio, periodo } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ReviewSurveyWizard
      key={`${organizationId}-${String(monitoraggio)}-${periodo ?? ''}`}
      api={api}
      transfers={transfers}
      fund="TUR"
      organizationId={organizationId}
      viewer="admin"
      isReadOnly
      monitoraggio={monitoraggio ?? false}
      periodId={periodo}
      onPeriodChange={(id) => void navigate({ search: (search) => ({ ...search, periodo: id }) })}
    />
  );
}
