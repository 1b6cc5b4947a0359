import { createFileRoute, redirect } from '@tanstack/react-router';
import { isAdminRole } from '../../../domain/roles.ts';
import { organizationProfileQueries } from '../../api/organizationProfile.ts';
import { OrganizationProfile } from '../../features/organization-profile/OrganizationProfile.tsx';
import { ensureQuery } from '../-components/ensureQuery.ts';
import { organizationParams } from '../-components/routeParams.ts';

/** Spec §2: the organisation profile of a member. A platform administrator gets the admin view instead. */
export const Route = createFileRoute('/_authenticated/your-organization/$organizationId')({
  params: organizationParams,
  beforeLoad: ({ context, params }) => {
    if (isAdminRole(context.user.roles)) {
      throw redirect({ to: '/admin-organization/$organizationId', params, replace: true });
    }
  },
  loader: ({ context: { queryClient, api }, params: { organizationId } }) =>
    ensureQuery(queryClient, organizationProfileQueries.detail(api, organizationId)),
  component: YourOrganizationPage,
});

function YourOrganizationPage() {
  const { organizationId } = Route.useParams();
  const { user } = Route.useRouteContext();
  return <OrganizationProfile key={organizationId} organizationId={organizationId} user={user} view="member" />;
}
