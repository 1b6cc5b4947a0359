import type { SnapshotFrom } from 'xstate';
import type { surveyWizardMachine } from './surveyWizard.machine.ts';
import type { SurveyStep } from './types.ts';

export type SurveyWizardSnapshot = SnapshotFrom<typeof surveyWizardMachine>;

/** The steps the indicator shows, in order (spec §2: DNSH hidden in monitoring, Invia hidden when read-only or admin). */
export function selectSteps(snapshot: SurveyWizardSnapshot): SurveyStep[] {
  const { mode, access } = snapshot.context;
  return (['istruttoria', 'gresb', 'dnsh', 'submit'] as const).filter(
    (step) => !(step === 'dnsh' && mode === 'monitoring') && !(step === 'submit' && access !== 'edit'),
  );
}

export function selectCurrentStep(snapshot: SurveyWizardSnapshot): SurveyStep | null {
  for (const step of ['istruttoria', 'gresb', 'dnsh', 'submit'] as const) {
    if (snapshot.matches({ steps: { step } })) return step;
  }
  return null;
}

export const selectIsLoading = (snapshot: SurveyWizardSnapshot): boolean => snapshot.matches('loading');
export const selectLoadFailed = (snapshot: SurveyWizardSnapshot): boolean => snapshot.matches('loadFailed');
export const selectIsEditable = (snapshot: SurveyWizardSnapshot): boolean => snapshot.matches({ steps: { answers: 'syncing' } });
export const selectCanGoBack = (snapshot: SurveyWizardSnapshot): boolean => snapshot.can({ type: 'step.back' });
export const selectCanGoNext = (snapshot: SurveyWizardSnapshot): boolean => snapshot.can({ type: 'step.next' });
/** Invia is enabled: attachments there, no save pending or in conflict. */
export const selectCanSubmit = (snapshot: SurveyWizardSnapshot): boolean => snapshot.can({ type: 'submit.open' });
export const selectIsConfirming = (snapshot: SurveyWizardSnapshot): boolean =>
  snapshot.matches({ steps: { step: { submit: 'confirming' } } }) || snapshot.matches('submitting');
export const selectIsSubmitting = (snapshot: SurveyWizardSnapshot): boolean => snapshot.matches('submitting');
export const selectHasConflict = (snapshot: SurveyWizardSnapshot): boolean =>
  snapshot.context.sync.istruttoria === 'conflict' || snapshot.context.sync.gresb === 'conflict';
export const selectIsSaving = (snapshot: SurveyWizardSnapshot): boolean =>
  snapshot.context.sync.istruttoria === 'saving' || snapshot.context.sync.gresb === 'saving';
export const selectIssues = (snapshot: SurveyWizardSnapshot) => snapshot.context.issues;

/**
 * What the person last typed, during this visit, in the survey the current step shows (undefined on other steps
 * and before their first change there): shown again, the survey starts from it.
 */
export function selectTypedAnswers(snapshot: SurveyWizardSnapshot): Record<string, unknown> | undefined {
  const step = selectCurrentStep(snapshot);
  return step === 'istruttoria' || step === 'gresb' ? snapshot.context.typed[step] : undefined;
}
