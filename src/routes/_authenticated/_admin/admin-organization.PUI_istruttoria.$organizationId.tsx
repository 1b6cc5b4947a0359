import { createFileRoute, notFound } from '@tanstack/react-router';
import { UUID_PATTERN } from '../../../../domain/uuid.ts';
import { parseListReturn } from '../../../features/admin-organizations/adminListSearch.ts';
import { parseSurveyWizardSearch } from '../../../features/funds/surveySearch.ts';
import { AdminReviewPage } from '../../-components/AdminReviewPage.tsx';

/**
 * Spec §2: admin view of the PUI review (or, with monitoraggio, monitoring), read-only, headed with whose application
 * it is and its status action (AdminApplicationHeader). Admins only.
 */
export const Route = createFileRoute('/_authenticated/_admin/admin-organization/PUI_istruttoria/$organizationId')({
  validateSearch: (search: Record<string, unknown>) => ({ ...parseSurveyWizardSearch(search), lista: parseListReturn(search.lista) }),
  beforeLoad: ({ params }) => {
    if (!UUID_PATTERN.test(params.organizationId)) throw notFound();
  },
  component: AdminPUIIstruttoriaPage,
});

function AdminPUIIstruttoriaPage() {
  const { api, transfers } = Route.useRouteContext();
  const { organizationId } = Route.useParams();
  const { monitoraggio, periodo, lista } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminReviewPage
      api={api}
      transfers={transfers}
      fund="PUI"
      organizationId={organizationId}
      monitoraggio={monitoraggio}
      periodo={periodo}
      lista={lista}
      onPeriodChange={(id) => void navigate({ search: (search) => ({ ...search, periodo: id }) })}
    />
  );
}
