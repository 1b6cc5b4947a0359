import { createFileRoute } from '@tanstack/react-router';
import { fundTitles } from '../../../domain/applicationStatus.ts';
import { messages } from '../../../domain/messages.ts';
import { WizardPlaceholder } from '../../features/funds/WizardPlaceholder.tsx';
import { ATTACHMENTS_STEP } from '../../features/funds/fundCardActions.ts';
import { applicationWizardSearchSchema } from '../../features/funds/surveySearch.ts';

/** Spec §2: the PUI application wizard. Until it exists, an honest page with the way back. */
export const Route = createFileRoute('/_authenticated/survey/PUI_candidatura')({
  validateSearch: applicationWizardSearchSchema,
  component: PUIApplicationPage,
});

function PUIApplicationPage() {
  const { numberStep, isReadOnly } = Route.useSearch();
  const notes = [
    ...(numberStep === ATTACHMENTS_STEP ? [messages.funds.attachmentsStep] : []),
    ...(isReadOnly ? [messages.funds.readOnlyMode] : []),
  ];
  return <WizardPlaceholder title={`Candidatura ${fundTitles.PUI}`} notes={notes} />;
}
