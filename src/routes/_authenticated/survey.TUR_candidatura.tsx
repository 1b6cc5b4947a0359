import { createFileRoute, redirect } from '@tanstack/react-router';
import { isAdminRole } from '../../../domain/roles.ts';
import { currentOrganizationFor } from '../../../machines/auth/selectors.ts';
import { readSelectedOrganizationId } from '../../api/selectedOrganization.ts';
import { FundApplicationWizard } from '../../features/application-wizard/FundApplicationWizard.tsx';
import { parseApplicationWizardSearch } from '../../features/funds/surveySearch.ts';
import { turWizard } from '../../features/tur-application/turWizard.ts';

/**
 * Spec §2: the TUR application wizard of the selected organisation. Admins read applications from the
 * organisation list (/admin-organization/survey-tur/{id}); people without an organisation connect one first.
 */
export const Route = createFileRoute('/_authenticated/survey/TUR_candidatura')({
  validateSearch: parseApplicationWizardSearch,
  beforeLoad: ({ context }) => {
    if (isAdminRole(context.user.roles)) throw redirect({ to: '/admin-panel', replace: true });
    const organization = currentOrganizationFor(context.user, readSelectedOrganizationId(window.localStorage));
    if (organization === null) throw redirect({ to: '/flow-organization', replace: true });
    return { organizationId: organization.id };
  },
  component: TurApplicationPage,
});

function TurApplicationPage() {
  const { api, transfers, organizationId } = Route.useRouteContext();
  const { numberStep } = Route.useSearch();
  return (
    <FundApplicationWizard
      key={organizationId}
      api={api}
      transfers={transfers}
      wizard={turWizard}
      organizationId={organizationId}
      isAdmin={false}
      startStep={numberStep ?? 0}
    />
  );
}
