import type { SnapshotFrom } from 'xstate';
import { wizardMessages } from '../../domain/messages/wizard.ts';
import { isStepComplete, type FieldIssue, type WizardStep } from '../../domain/wizard.ts';
import type { DraftSyncState } from '../draft-sync/types.ts';
import type { applicationWizardMachine } from './applicationWizard.machine.ts';
import { isStepReachable } from './steps.ts';

export type ApplicationWizardSnapshot = SnapshotFrom<typeof applicationWizardMachine>;

export const selectIsLoading = (snapshot: ApplicationWizardSnapshot): boolean => snapshot.matches('loading');
export const selectLoadError = (snapshot: ApplicationWizardSnapshot): string | null =>
  snapshot.matches('loadFailed') ? (snapshot.context.loadError ?? wizardMessages.loadFailed) : null;

export const selectTitle = (snapshot: ApplicationWizardSnapshot): string => snapshot.context.definition.title;
export const selectIsReadOnly = (snapshot: ApplicationWizardSnapshot): boolean => snapshot.context.readOnly;
export const selectValues = (snapshot: ApplicationWizardSnapshot) => snapshot.context.values;

/** What the rules find wrong, then what the server said on a refused submit: the form marks both. */
export const selectIssues = (snapshot: ApplicationWizardSnapshot): FieldIssue[] => [
  ...snapshot.context.issues,
  ...snapshot.context.serverIssues,
];

export interface CurrentStep {
  index: number;
  step: WizardStep;
}

export function selectCurrentStep(snapshot: ApplicationWizardSnapshot): CurrentStep | null {
  const { definition, stepIndex } = snapshot.context;
  const step = definition.steps[stepIndex];
  return step === undefined ? null : { index: stepIndex, step };
}

/**
 * 'done': opened (or answered) and nothing missing; 'incomplete': opened (or answered) with something missing;
 * 'notStarted': never opened and no answer yet (neutral: an empty step with no required field is not done).
 */
export type StepIndicatorState = 'current' | 'done' | 'incomplete' | 'notStarted';

export interface StepIndicator {
  /** Index into the definition's steps: what `step.go` takes. */
  index: number;
  step: WizardStep;
  state: StepIndicatorState;
}

/**
 * The step indicators (spec §2): done or incomplete from the mandatory fields (attachments: the server's
 * validation; submit: every other step done), the open one marked current. A step counts only once the person
 * has opened it or answered something on it (a submitted application: every step): a blank step with no
 * required field is not done. The submit step is left out for an admin or a submitted application.
 */
export function selectStepStates(snapshot: ApplicationWizardSnapshot): StepIndicator[] {
  const { definition, readOnly, stepIndex, attachmentsComplete, visitedSteps, submitted, values } = snapshot.context;
  const issues = selectIssues(snapshot);
  const startedOf = (step: WizardStep, index: number): boolean =>
    submitted ||
    index === stepIndex ||
    visitedSteps.includes(index) ||
    (step.kind === 'form' && definition.stepHasValues(values, step.id)) ||
    (step.kind === 'attachments' && attachmentsComplete);
  const completeOf = (step: WizardStep): boolean =>
    step.kind === 'attachments' ? attachmentsComplete : step.kind === 'form' ? isStepComplete(issues, step.id) : false;
  const doneOf = (step: WizardStep, index: number): boolean => startedOf(step, index) && completeOf(step);
  const everyOtherDone = definition.steps.every((step, index) => step.kind === 'submit' || doneOf(step, index));
  return definition.steps.flatMap((step, index): StepIndicator[] => {
    if (!isStepReachable(definition.steps, readOnly, index)) return [];
    const done = step.kind === 'submit' ? everyOtherDone : doneOf(step, index);
    const state: StepIndicatorState =
      index === stepIndex ? 'current' : done ? 'done' : startedOf(step, index) ? 'incomplete' : 'notStarted';
    return [{ index, step, state }];
  });
}

export const selectCanGoBack = (snapshot: ApplicationWizardSnapshot): boolean => snapshot.can({ type: 'step.back' });
export const selectCanGoNext = (snapshot: ApplicationWizardSnapshot): boolean => snapshot.can({ type: 'step.next' });

/**
 * On the attachments step: 'Torna alla lista' (admin, to /admin-panel) or 'Torna ai fondi' (submitted, to
 * /calls); null elsewhere and for an applicant still editing.
 */
export function selectBackLink(snapshot: ApplicationWizardSnapshot): { to: '/admin-panel' | '/calls'; label: string } | null {
  if (selectCurrentStep(snapshot)?.step.kind !== 'attachments') return null;
  if (snapshot.context.isAdmin) return { to: '/admin-panel', label: wizardMessages.backToList };
  if (snapshot.context.submitted) return { to: '/calls', label: wizardMessages.backToFunds };
  return null;
}

export type SaveIndicator = 'saved' | 'saving' | 'unsaved' | 'retrying' | 'conflict' | 'error';

/** Changes the server does not have yet: the view warns before the page is left (beforeunload). */
export const selectHasUnsavedChanges = (snapshot: ApplicationWizardSnapshot): boolean =>
  snapshot.matches('ready') && snapshot.context.sync.state !== 'idle';

const INDICATOR: Record<DraftSyncState, SaveIndicator> = {
  idle: 'saved',
  pending: 'unsaved',
  saving: 'saving',
  retrying: 'retrying',
  conflict: 'conflict',
  failed: 'error',
};

export const selectSaveIndicator = (snapshot: ApplicationWizardSnapshot): SaveIndicator => INDICATOR[snapshot.context.sync.state];

/** The last save failure's message (retrying, refused, conflict, failed reload). */
export const selectSaveError = (snapshot: ApplicationWizardSnapshot): string | null =>
  selectSaveIndicator(snapshot) === 'saved' || selectSaveIndicator(snapshot) === 'saving' ? null : snapshot.context.sync.error;

export const selectSavedAt = (snapshot: ApplicationWizardSnapshot): string | null => snapshot.context.sync.savedAt;

/** The conflict dialog (Ricarica / keep editing) is open. */
export const selectIsConflictDialogOpen = (snapshot: ApplicationWizardSnapshot): boolean =>
  snapshot.context.sync.state === 'conflict' && snapshot.context.sync.asking;

/** The submit button is enabled: not read-only, no issue, attachments complete, no conflict. */
export const selectCanSubmit = (snapshot: ApplicationWizardSnapshot): boolean => snapshot.can({ type: 'submit.open' });
export const selectIsConfirmingSubmit = (snapshot: ApplicationWizardSnapshot): boolean =>
  snapshot.matches({ ready: { submission: 'confirming' } }) || selectIsSubmitting(snapshot);
export const selectIsSubmitting = (snapshot: ApplicationWizardSnapshot): boolean =>
  snapshot.matches({ ready: { submission: 'submitting' } });
export const selectSubmitError = (snapshot: ApplicationWizardSnapshot): string | null =>
  snapshot.matches({ ready: { submission: 'failed' } }) ? snapshot.context.submitError : null;
/** A click day's queue has the hand-over wait (issue 45): the server's message and when it was first tried (ISO); null otherwise. */
export const selectSubmitQueue = (snapshot: ApplicationWizardSnapshot): { message: string; firstTriedAt: string } | null => {
  const queue = snapshot.context.submitQueue;
  return selectIsSubmitting(snapshot) && queue ? { message: queue.message, firstTriedAt: queue.firstTriedAt } : null;
};

/**
 * A step's problems show once the person has left it (or, for Allegati's missing files, reached the summary):
 * not while first filling it.
 */
function issuesShown(snapshot: ApplicationWizardSnapshot): { step: boolean; attachments: boolean } {
  const { definition, stepIndex, visitedSteps } = snapshot.context;
  const step = visitedSteps.includes(stepIndex);
  const summary = definition.steps.findIndex((candidate) => candidate.kind === 'submit');
  return { step, attachments: step || (summary >= 0 && visitedSteps.includes(summary)) };
}

/** Everything the wizard's view renders, in one selection (compare with `shallowEqual`). */
export function selectApplicationWizardView(snapshot: ApplicationWizardSnapshot) {
  const { context } = snapshot;
  const shown = issuesShown(snapshot);
  return {
    title: selectTitle(snapshot),
    isLoading: selectIsLoading(snapshot),
    loadError: selectLoadError(snapshot),
    readOnly: selectIsReadOnly(snapshot),
    isAdmin: context.isAdmin,
    steps: context.definition.steps,
    current: selectCurrentStep(snapshot),
    stepStates: selectStepStates(snapshot),
    values: selectValues(snapshot),
    issues: selectIssues(snapshot),
    /** The current step's problems are all shown: the person left it before. */
    showsAllIssues: shown.step,
    /** Allegati points out a missing mandatory file: the person left it before, or reached the summary. */
    showsMissingAttachments: shown.attachments,
    attachmentsComplete: context.attachmentsComplete,
    signatureRequired: context.signatureRequired,
    signatureSatisfied: context.signatureSatisfied,
    endOfWorksLimit: context.endOfWorksLimit,
    canGoBack: selectCanGoBack(snapshot),
    canGoNext: selectCanGoNext(snapshot),
    backLink: selectBackLink(snapshot),
    saveIndicator: selectSaveIndicator(snapshot),
    savedAt: selectSavedAt(snapshot),
    canSubmit: selectCanSubmit(snapshot),
    isConfirmingSubmit: selectIsConfirmingSubmit(snapshot),
    isSubmitting: selectIsSubmitting(snapshot),
    submitError: selectSubmitError(snapshot),
    submitQueue: selectSubmitQueue(snapshot),
    isConflictDialogOpen: selectIsConflictDialogOpen(snapshot),
  };
}
