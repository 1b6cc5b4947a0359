import { createFileRoute, notFound } from '@tanstack/react-router';
import { UUID_PATTERN } from '../../../../domain/uuid.ts';
import { AdminApplicationSummary } from '../../../features/admin-organizations/ApplicationHistory.tsx';
import { OrganizationProfile } from '../../../features/organization-profile/OrganizationProfile.tsx';

/** Spec §2: the organisation profile, admin view (read-only). Admins only (spec §6): anyone else goes home. */
export const Route = createFileRoute('/_authenticated/_admin/admin-organization/$organizationId')({
  beforeLoad: ({ params }) => {
    if (!UUID_PATTERN.test(params.organizationId)) throw notFound();
  },
  component: AdminOrganizationPage,
});

function AdminOrganizationPage() {
  const { organizationId } = Route.useParams();
  const { user } = Route.useRouteContext();
  return (
    <>
      <OrganizationProfile key={organizationId} organizationId={organizationId} user={user} view="admin" />
      <AdminApplicationSummary fund="TUR" organizationId={organizationId} />
      <AdminApplicationSummary fund="PUI" organizationId={organizationId} />
    </>
  );
}
