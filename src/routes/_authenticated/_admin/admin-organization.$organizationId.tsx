import { createFileRoute } from '@tanstack/react-router';
import { FUNDS } from '../../../../domain/applicationStatus.ts';
import { organizationProfileQueries } from '../../../api/organizationProfile.ts';
import { AdminApplicationSummary } from '../../../features/admin-organizations/ApplicationHistory.tsx';
import { OrganizationProfile } from '../../../features/organization-profile/OrganizationProfile.tsx';
import { ensureQuery } from '../../-components/ensureQuery.ts';
import { loadApplicationSummary } from '../../-components/loadAdminApplication.ts';
import { organizationParams } from '../../-components/routeParams.ts';

/** Spec §2: the organisation profile, admin view (read-only). Admins only (spec §6): anyone else goes home. */
export const Route = createFileRoute('/_authenticated/_admin/admin-organization/$organizationId')({
  params: organizationParams,
  loader: async ({ context: { queryClient, api }, params: { organizationId } }) => {
    await Promise.all([
      ensureQuery(queryClient, organizationProfileQueries.detail(api, organizationId)),
      ...FUNDS.map((fund) => loadApplicationSummary(queryClient, api, fund, organizationId)),
    ]);
  },
  component: AdminOrganizationPage,
});

function AdminOrganizationPage() {
  const { organizationId } = Route.useParams();
  const { user } = Route.useRouteContext();
  return (
    <>
      <OrganizationProfile key={organizationId} organizationId={organizationId} user={user} view="admin" />
      {FUNDS.map((fund) => (
        <AdminApplicationSummary key={fund} fund={fund} organizationId={organizationId} />
      ))}
    </>
  );
}
