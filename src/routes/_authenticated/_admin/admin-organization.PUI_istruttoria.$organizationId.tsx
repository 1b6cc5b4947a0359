import { createFileRoute, notFound } from '@tanstack/react-router';
import { UUID_PATTERN } from '../../../../domain/organization.ts';
import { AdminApplicationPage } from '../../../features/admin-organizations/AdminApplicationPage.tsx';

/** Spec §2: admin view of the PUI review or monitoring. Admins only. */
export const Route = createFileRoute('/_authenticated/_admin/admin-organization/PUI_istruttoria/$organizationId')({
  beforeLoad: ({ params }) => {
    if (!UUID_PATTERN.test(params.organizationId)) throw notFound();
  },
  component: AdminPuiIstruttoriaPage,
});

function AdminPuiIstruttoriaPage() {
  const { organizationId } = Route.useParams();
  return <AdminApplicationPage key={organizationId} fund="PUI" organizationId={organizationId} />;
}
