import { fromPromise } from 'xstate';
import { surveyMessages } from '../../domain/messages/survey.ts';
import type { SurveyIssue } from '../../domain/surveys.ts';
import type { SubmitRefusal, SubmitSurveyInput, SurveyWizardInput, SurveyWizardLoaded } from './types.ts';

/**
 * What the machine needs from the portal. `submit` rejects with what the API client throws (src/api/errors.ts
 * ApiRequestError: `status`, an Italian `message`).
 */
export interface SurveyWizardApi {
  load(input: SurveyWizardInput): Promise<SurveyWizardLoaded>;
  /** Update{Pui|Tur}CompilazioneStatus with 'Istruttoria Sottomessa' (or 'Monitoraggio Sottomesso'). */
  submit(input: SubmitSurveyInput): Promise<void>;
  /** The server's check of the stored answers (GetSurveyValidation): what a 422 refused the hand-over for. */
  readIssues(): Promise<SurveyIssue[]>;
}

/**
 * A refused hand-over: the server's reason (the spec's failure text when none came) and, for a 422, the answers
 * missing by survey and question, read from the server's check (none when it cannot be read).
 */
export async function toSubmitRefusal(
  error: unknown,
  input: SubmitSurveyInput,
  readIssues: () => Promise<SurveyIssue[]>,
): Promise<SubmitRefusal> {
  const refusal: SubmitRefusal = {
    message: error instanceof Error ? error.message : input.mode === 'monitoring' ? surveyMessages.monitoringFailed : surveyMessages.failed,
  };
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  if (status === 422) refusal.issues = await readIssues().catch((): SurveyIssue[] => []);
  return refusal;
}

/** The survey wizard's actors over the portal's API, as the other machines have theirs. */
export function createSurveyWizardActors(api: SurveyWizardApi) {
  return {
    loadSurveys: fromPromise<SurveyWizardLoaded, SurveyWizardInput>(({ input }) => api.load(input)),
    submitSurvey: fromPromise<void, SubmitSurveyInput>(async ({ input }) => {
      try {
        await api.submit(input);
      } catch (error) {
        throw await toSubmitRefusal(error, input, () => api.readIssues());
      }
    }),
  };
}

/** The spec's failure text (§8), with the server's reason after it when it gave one. */
export function submitFailureMessage(error: unknown): string {
  const reason = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof reason === 'string' && reason !== '' ? reason : surveyMessages.failed;
}
