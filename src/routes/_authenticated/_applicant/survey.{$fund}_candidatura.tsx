import { createFileRoute } from '@tanstack/react-router';
import { applicationQueries } from '../../../api/applications.ts';
import { callQueries } from '../../../api/calls.ts';
import { FundApplicationWizard } from '../../../features/application-wizard/FundApplicationWizard.tsx';
import { FUND_WIZARDS } from '../../-components/fundWizards.ts';
import { parseApplicationWizardSearch } from '../../../features/funds/surveySearch.ts';
import { ensureQuery } from '../../-components/ensureQuery.ts';
import { fundParams } from '../../-components/routeParams.ts';

/**
 * Spec §2: the application wizard of a fund (/survey/TUR_candidatura, /survey/PUI_candidatura: any fund of the
 * table of funds) for the selected organisation. Admins read applications from the organisation list
 * (/admin-organization/survey-{fund}/{id}); people without an organisation connect one first (the _applicant layout).
 */
export const Route = createFileRoute('/_authenticated/_applicant/survey/{$fund}_candidatura')({
  params: fundParams,
  validateSearch: parseApplicationWizardSearch,
  loader: async ({ context: { queryClient, api, organizationId }, params: { fund } }) => {
    await Promise.all([
      ensureQuery(queryClient, callQueries.list(api)),
      ensureQuery(queryClient, applicationQueries.compilation(api, fund, organizationId)),
    ]);
  },
  component: ApplicationPage,
});

function ApplicationPage() {
  const { api, transfers, organizationId } = Route.useRouteContext();
  const { fund } = Route.useParams();
  const { numberStep } = Route.useSearch();
  return (
    <FundApplicationWizard
      key={`${fund}-${organizationId}`}
      api={api}
      transfers={transfers}
      wizard={FUND_WIZARDS[fund]}
      organizationId={organizationId}
      isAdmin={false}
      startStep={numberStep ?? 0}
    />
  );
}
