import { createFileRoute, redirect } from '@tanstack/react-router';
import { isAdminRole } from '../../../domain/roles.ts';
import { currentOrganizationFor } from '../../../machines/auth/selectors.ts';
import { readSelectedOrganizationId } from '../../api/selectedOrganization.ts';
import { MonitoringPage } from '../../features/monitoring/MonitoringPage.tsx';

/** Spec §2 /monitoraggio: the monitoring periods of the selected organisation. Admins read monitoring from their panel. */
export const Route = createFileRoute('/_authenticated/monitoraggio')({
  beforeLoad: ({ context }) => {
    if (isAdminRole(context.user.roles)) throw redirect({ to: '/admin-panel', replace: true });
    const organization = currentOrganizationFor(context.user, readSelectedOrganizationId(window.localStorage));
    if (organization === null) throw redirect({ to: '/flow-organization', replace: true });
    return { organizationId: organization.id };
  },
  component: MonitoraggioPage,
});

function MonitoraggioPage() {
  const { api, organizationId } = Route.useRouteContext();
  return <MonitoringPage key={organizationId} api={api} organizationId={organizationId} />;
}
