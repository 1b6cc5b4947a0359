import { fromPromise } from 'xstate';
import { surveyMessages } from '../../domain/messages/survey.ts';
import type { SubmitSurveyInput, SurveyWizardInput, SurveyWizardLoaded } from './types.ts';

/** What the machine needs from the portal. */
export interface SurveyWizardApi {
  load(input: SurveyWizardInput): Promise<SurveyWizardLoaded>;
  /** Update{Pui|Tur}CompilazioneStatus with 'Istruttoria Sottomessa' (or 'Monitoraggio Sottomesso'). */
  submit(input: SubmitSurveyInput): Promise<void>;
}

/** The survey wizard's actors over the portal's API, as the other machines have theirs. */
export function createSurveyWizardActors(api: SurveyWizardApi) {
  return {
    loadSurveys: fromPromise<SurveyWizardLoaded, SurveyWizardInput>(({ input }) => api.load(input)),
    submitSurvey: fromPromise<void, SubmitSurveyInput>(({ input }) => api.submit(input)),
  };
}

/** The spec's failure text (§8), with the server's reason after it when it gave one. */
export function submitFailureMessage(error: unknown): string {
  const reason = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof reason === 'string' && reason !== '' ? reason : surveyMessages.failed;
}
