import { createFileRoute, notFound } from '@tanstack/react-router';
import { UUID_PATTERN } from '../../../../domain/uuid.ts';
import { AdminFundApplicationPage } from '../../../features/admin-organizations/AdminFundApplicationPage.tsx';
import { parseListReturn } from '../../../features/admin-organizations/adminListSearch.ts';
import { parseApplicationWizardSearch } from '../../../features/funds/surveySearch.ts';
import { puiWizard } from '../../../features/pui-application/puiWizard.ts';

/** Spec §2: admin view of an organisation's PUI application, read-only with the reviewers' warnings and history. */
export const Route = createFileRoute('/_authenticated/_admin/admin-organization/survey-pui/$organizationId')({
  validateSearch: (search: Record<string, unknown>) => ({ ...parseApplicationWizardSearch(search), lista: parseListReturn(search.lista) }),
  beforeLoad: ({ params }) => {
    if (!UUID_PATTERN.test(params.organizationId)) throw notFound();
  },
  component: AdminSurveyPuiPage,
});

function AdminSurveyPuiPage() {
  const { api, transfers } = Route.useRouteContext();
  const { organizationId } = Route.useParams();
  const { numberStep, lista } = Route.useSearch();
  return (
    <AdminFundApplicationPage
      api={api}
      transfers={transfers}
      wizard={puiWizard}
      organizationId={organizationId}
      startStep={numberStep ?? 0}
      lista={lista}
    />
  );
}
