import { createFileRoute, notFound } from '@tanstack/react-router';
import { UUID_PATTERN } from '../../../../domain/organization.ts';
import { AdminApplicationPage } from '../../../features/admin-organizations/AdminApplicationPage.tsx';

/** Spec §2: admin view of the TUR application. Admins only. */
export const Route = createFileRoute('/_authenticated/_admin/admin-organization/survey-tur/$organizationId')({
  beforeLoad: ({ params }) => {
    if (!UUID_PATTERN.test(params.organizationId)) throw notFound();
  },
  component: AdminSurveyTurPage,
});

function AdminSurveyTurPage() {
  const { organizationId } = Route.useParams();
  return <AdminApplicationPage key={organizationId} fund="TUR" organizationId={organizationId} kind="application" />;
}
