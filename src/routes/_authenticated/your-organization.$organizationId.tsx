import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { UUID_PATTERN } from '../../../domain/uuid.ts';
import { isAdminRole } from '../../../domain/roles.ts';
import { OrganizationProfile } from '../../features/organization-profile/OrganizationProfile.tsx';

/** Spec §2: the organisation profile of a member. A platform administrator gets the admin view instead. */
export const Route = createFileRoute('/_authenticated/your-organization/$organizationId')({
  beforeLoad: ({ context, params }) => {
    if (!UUID_PATTERN.test(params.organizationId)) throw notFound();
    if (isAdminRole(context.user.roles)) {
      throw redirect({ to: '/admin-organization/$organizationId', params, replace: true });
    }
  },
  component: YourOrganizationPage,
});

function YourOrganizationPage() {
  const { organizationId } = Route.useParams();
  const { user } = Route.useRouteContext();
  return <OrganizationProfile key={organizationId} organizationId={organizationId} user={user} view="member" />;
}
