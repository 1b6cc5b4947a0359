import { createFileRoute, notFound } from '@tanstack/react-router';
import { UUID_PATTERN } from '../../../../domain/organization.ts';
import { AdminApplicationPage } from '../../../features/admin-organizations/AdminApplicationPage.tsx';

/** Spec §2: admin view of the TUR review or monitoring. Admins only. */
export const Route = createFileRoute('/_authenticated/_admin/admin-organization/TUR_istruttoria/$organizationId')({
  beforeLoad: ({ params }) => {
    if (!UUID_PATTERN.test(params.organizationId)) throw notFound();
  },
  component: AdminTurIstruttoriaPage,
});

function AdminTurIstruttoriaPage() {
  const { organizationId } = Route.useParams();
  return <AdminApplicationPage key={organizationId} fund="TUR" organizationId={organizationId} />;
}
