import { createFileRoute } from '@tanstack/react-router';
import { callQueries } from '../../../api/calls.ts';
import { AdminFundApplicationPage } from '../../../features/admin-organizations/AdminFundApplicationPage.tsx';
import { parseListReturn } from '../../../features/admin-organizations/adminListSearch.ts';
import { FUND_WIZARDS } from '../../-components/fundWizards.ts';
import { parseApplicationWizardSearch } from '../../../features/funds/surveySearch.ts';
import { ensureQuery } from '../../-components/ensureQuery.ts';
import { loadApplicationHeader, loadApplicationSummary } from '../../-components/loadAdminApplication.ts';
import { fundSlugOrganizationParams } from '../../-components/routeParams.ts';

/**
 * Spec §2: admin view of an organisation's application to a fund (/admin-organization/survey-tur/{id},
 * /admin-organization/survey-pui/{id}: any fund of the table of funds, by its slug), read-only with the reviewers'
 * warnings and history.
 */
export const Route = createFileRoute('/_authenticated/_admin/admin-organization/survey-{$fund}/$organizationId')({
  params: fundSlugOrganizationParams,
  validateSearch: (search: Record<string, unknown>) => ({ ...parseApplicationWizardSearch(search), lista: parseListReturn(search.lista) }),
  loader: async ({ context: { queryClient, api }, params: { fund, organizationId } }) => {
    await Promise.all([
      ensureQuery(queryClient, callQueries.list(api)),
      loadApplicationHeader(queryClient, api, fund, organizationId),
      loadApplicationSummary(queryClient, api, fund, organizationId),
    ]);
  },
  component: AdminApplicationRoute,
});

function AdminApplicationRoute() {
  const { api, transfers } = Route.useRouteContext();
  const { fund, organizationId } = Route.useParams();
  const { numberStep, lista } = Route.useSearch();
  return (
    <AdminFundApplicationPage
      key={fund}
      api={api}
      transfers={transfers}
      wizard={FUND_WIZARDS[fund]}
      organizationId={organizationId}
      startStep={numberStep ?? 0}
      lista={lista}
    />
  );
}
