import { createFileRoute, redirect } from '@tanstack/react-router';
import { isAdminRole } from '../../../domain/roles.ts';
import { currentOrganizationFor } from '../../../machines/auth/selectors.ts';
import { readSelectedOrganizationId } from '../../api/selectedOrganization.ts';
import { parseApplicationWizardSearch } from '../../features/funds/surveySearch.ts';
import { FundApplicationWizard } from '../../features/application-wizard/FundApplicationWizard.tsx';
import { puiWizard } from '../../features/pui-application/puiWizard.ts';

/**
 * Spec §2: the PUI application wizard of the selected organisation. Admins read applications from the
 * organisation list (/admin-organization/survey-pui/{id}); people without an organisation connect one first.
 */
export const Route = createFileRoute('/_authenticated/survey/PUI_candidatura')({
  validateSearch: parseApplicationWizardSearch,
  beforeLoad: ({ context }) => {
    if (isAdminRole(context.user.roles)) throw redirect({ to: '/admin-panel', replace: true });
    const organization = currentOrganizationFor(context.user, readSelectedOrganizationId(window.localStorage));
    if (organization === null) throw redirect({ to: '/flow-organization', replace: true });
    return { organizationId: organization.id };
  },
  component: PuiApplicationPage,
});

function PuiApplicationPage() {
  const { api, transfers, organizationId } = Route.useRouteContext();
  const { numberStep } = Route.useSearch();
  return (
    <FundApplicationWizard
      key={organizationId}
      api={api}
      transfers={transfers}
      wizard={puiWizard}
      organizationId={organizationId}
      isAdmin={false}
      startStep={numberStep ?? 0}
    />
  );
}
