import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { UUID_PATTERN } from '../../../domain/organization.ts';
import { isAdminRole } from '../../../domain/roles.ts';
import { homePathFor } from '../../../machines/auth/selectors.ts';
import { AdminApplicationPage } from '../../features/admin-organizations/AdminApplicationPage.tsx';

/** Spec §2: admin view of the PUI review or monitoring. Admins only. */
export const Route = createFileRoute('/_authenticated/admin-organization/PUI_istruttoria/$organizationId')({
  beforeLoad: ({ context, params }) => {
    if (!isAdminRole(context.user.roles)) throw redirect({ to: homePathFor(context.user), replace: true });
    if (!UUID_PATTERN.test(params.organizationId)) throw notFound();
  },
  component: AdminPuiIstruttoriaPage,
});

function AdminPuiIstruttoriaPage() {
  const { organizationId } = Route.useParams();
  return <AdminApplicationPage key={organizationId} fund="PUI" organizationId={organizationId} kind="review" />;
}
