import { createFileRoute, notFound } from '@tanstack/react-router';
import { messages } from '../../../../domain/messages.ts';
import { UUID_PATTERN } from '../../../../domain/organization.ts';
import { AdminApplicationSummary } from '../../../features/admin-organizations/ApplicationHistory.tsx';
import { applicationWizardSearchSchema } from '../../../features/funds/surveySearch.ts';
import { FundApplicationWizard } from '../../../features/application-wizard/FundApplicationWizard.tsx';
import { puiWizard } from '../../../features/pui-application/puiWizard.ts';
import { Link } from '../../../ui/Link.tsx';

/** Spec §2: admin view of an organisation's PUI application, read-only with the reviewers' warnings and history. */
export const Route = createFileRoute('/_authenticated/_admin/admin-organization/survey-pui/$organizationId')({
  validateSearch: applicationWizardSearchSchema,
  beforeLoad: ({ params }) => {
    if (!UUID_PATTERN.test(params.organizationId)) throw notFound();
  },
  component: AdminSurveyPuiPage,
});

function AdminSurveyPuiPage() {
  const { api, transfers } = Route.useRouteContext();
  const { organizationId } = Route.useParams();
  const { numberStep } = Route.useSearch();
  return (
    <>
      <Link to="/admin-panel">{messages.funds.backToList}</Link>
      <FundApplicationWizard key={organizationId} api={api} transfers={transfers} wizard={puiWizard} organizationId={organizationId} isAdmin startStep={numberStep ?? 0} />
      <AdminApplicationSummary fund="PUI" organizationId={organizationId} showWarnings={false} />
    </>
  );
}
