import { createFileRoute } from '@tanstack/react-router';
import { parseListReturn } from '../../../features/admin-organizations/adminListSearch.ts';
import { parseSurveyWizardSearch } from '../../../features/funds/surveySearch.ts';
import { AdminReviewPage } from '../../-components/AdminReviewPage.tsx';
import { loadApplicationHeader } from '../../-components/loadAdminApplication.ts';
import { loadReviewSurvey } from '../../-components/loadReviewSurvey.ts';
import { fundOrganizationParams } from '../../-components/routeParams.ts';

/**
 * Spec §2: admin view of a fund's review (or, with monitoraggio, monitoring), read-only
 * (/admin-organization/TUR_istruttoria/{id}, /admin-organization/PUI_istruttoria/{id}: any fund of the table of funds),
 * headed with whose application it is and its status action (AdminApplicationHeader). Admins only.
 */
export const Route = createFileRoute('/_authenticated/_admin/admin-organization/{$fund}_istruttoria/$organizationId')({
  params: fundOrganizationParams,
  validateSearch: (search: Record<string, unknown>) => ({ ...parseSurveyWizardSearch(search), lista: parseListReturn(search.lista) }),
  loaderDeps: ({ search: { monitoraggio, periodo } }) => ({ monitoraggio: monitoraggio ?? false, periodo }),
  loader: async ({ context: { queryClient, api }, params, deps }) => {
    await Promise.all([
      loadApplicationHeader(queryClient, api, params.fund, params.organizationId),
      loadReviewSurvey(queryClient, api, { ...params, ...deps }),
    ]);
  },
  component: AdminReviewRoute,
});

function AdminReviewRoute() {
  const { api, transfers } = Route.useRouteContext();
  const { fund, organizationId } = Route.useParams();
  const { monitoraggio, periodo, lista } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminReviewPage
      api={api}
      transfers={transfers}
      fund={fund}
      organizationId={organizationId}
      monitoraggio={monitoraggio}
      periodo={periodo}
      lista={lista}
      onPeriodChange={(id) => void navigate({ search: (search) => ({ ...search, periodo: id }) })}
    />
  );
}
