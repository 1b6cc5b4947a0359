import { createFileRoute, notFound } from '@tanstack/react-router';
import { messages } from '../../../domain/messages.ts';
import { UUID_PATTERN } from '../../../domain/organization.ts';
import { WizardPlaceholder } from '../../features/funds/WizardPlaceholder.tsx';
import { surveyWizardSearchSchema } from '../../features/funds/surveySearch.ts';

/** Spec §2: the PUI review (or, with monitoraggio, monitoring) survey. Until it exists, an honest page. */
export const Route = createFileRoute('/_authenticated/survey/PUI_istruttoria/$organizationId')({
  validateSearch: surveyWizardSearchSchema,
  beforeLoad: ({ params }) => {
    if (!UUID_PATTERN.test(params.organizationId)) throw notFound();
  },
  component: PUISurveyPage,
});

function PUISurveyPage() {
  const { isReadOnly, monitoraggio } = Route.useSearch();
  const title = monitoraggio ? messages.funds.monitoringTitle('PUI') : messages.funds.surveyTitle('PUI');
  return <WizardPlaceholder title={title} notes={isReadOnly ? [messages.funds.readOnlyMode] : []} />;
}
