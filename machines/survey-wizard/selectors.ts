import type { SnapshotFrom } from 'xstate';
import { surveyMessages } from '../../domain/messages/survey.ts';
import type { surveyWizardMachine } from './surveyWizard.machine.ts';
import { partOfIssue, type SurveyPart, type SurveyStep } from './types.ts';

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

export interface SurveyStepState {
  step: SurveyStep;
  /** Done or incomplete from the server's check of the stored answers and slots; null before it answers, and for Invia. */
  done: boolean | null;
}

/** The step indicators (spec §2): each shown step, done or incomplete as the server's check says. */
export function selectStepStates(snapshot: SurveyWizardSnapshot): SurveyStepState[] {
  const { check } = snapshot.context;
  return selectSteps(snapshot).map((step) => ({
    step,
    done: check === null || step === 'submit' ? null : step === 'dnsh' ? !check.missingAttachments : !check.incomplete.includes(step),
  }));
}

/**
 * On the last step, for who cannot hand over: 'Torna ai fondi' (read-only, to /calls) or 'Torna alla lista' (admin,
 * to the list with its filters); null elsewhere and for an applicant who may hand over.
 */
export function selectBackLink(snapshot: SurveyWizardSnapshot): { to: '/admin-panel' | '/calls'; label: string } | null {
  const steps = selectSteps(snapshot);
  const current = selectCurrentStep(snapshot);
  if (current === null || steps.at(-1) !== current) return null;
  if (snapshot.context.access === 'readOnly') return { to: '/calls', label: surveyMessages.backToFunds };
  if (snapshot.context.access === 'admin') return { to: '/admin-panel', label: surveyMessages.backToList };
  return null;
}

/** The survey the current step shows; null on DNSH and Invia. */
function selectCurrentPart(snapshot: SurveyWizardSnapshot): SurveyPart | null {
  const step = selectCurrentStep(snapshot);
  return step === 'istruttoria' || step === 'gresb' ? step : null;
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
/** A survey's answers were saved meanwhile elsewhere (412): Ricarica is offered. */
export const selectHasConflict = (snapshot: SurveyWizardSnapshot): boolean =>
  snapshot.context.sync.istruttoria === 'conflict' || snapshot.context.sync.gresb === 'conflict';
/** Answers on their way: waiting, saving, retrying, or refused and waiting for the next change. */
export const selectIsSaving = (snapshot: SurveyWizardSnapshot): boolean =>
  [snapshot.context.sync.istruttoria, snapshot.context.sync.gresb].some((state) => state !== 'idle' && state !== 'conflict');

/**
 * What the person last typed, during this visit, in the survey the current step shows (undefined on other steps
 * and before their first change there): shown again, the survey starts from it.
 */
export function selectTypedAnswers(snapshot: SurveyWizardSnapshot): Record<string, unknown> | undefined {
  const part = selectCurrentPart(snapshot);
  return part === null ? undefined : snapshot.context.typed[part];
}

/** Everything the survey wizard's view renders, in one selection (compare with `shallowEqual`). */
export function selectSurveyWizardView(snapshot: SurveyWizardSnapshot) {
  const { context } = snapshot;
  const steps = selectSteps(snapshot);
  const current = selectCurrentStep(snapshot);
  const part = selectCurrentPart(snapshot);
  return {
    isLoading: selectIsLoading(snapshot),
    loadFailed: selectLoadFailed(snapshot),
    access: context.access,
    editable: context.access === 'edit',
    steps,
    /** Each shown step with its done or incomplete, for the step indicators. */
    stepStates: selectStepStates(snapshot),
    current,
    /** The survey the current step shows (null on DNSH and Invia). */
    part,
    /** 'Torna ai fondi' or 'Torna alla lista' on the last step. */
    backLink: selectBackLink(snapshot),
    canGoBack: selectCanGoBack(snapshot),
    canGoNext: selectCanGoNext(snapshot),
    canSubmit: selectCanSubmit(snapshot),
    isConfirming: selectIsConfirming(snapshot),
    isSubmitting: selectIsSubmitting(snapshot),
    hasConflict: selectHasConflict(snapshot),
    isSaving: selectIsSaving(snapshot),
    typedAnswers: selectTypedAnswers(snapshot),
    /** Built again from the stored answers after each Ricarica. */
    reloads: context.reloads,
    /** The question of the shown survey a refused submit points to. */
    focusQuestion: (part && context.issues.find((issue) => partOfIssue(issue) === part)?.question) ?? null,
    showsMissingAttachments: context.showsMissingAttachments,
  };
}
