import type { WizardStep } from '../../../domain/wizard.ts';

/** What the step indicator says of a step (spec §2: done or incomplete by the mandatory fields). */
export type WizardStepState = 'done' | 'incomplete' | 'current';

/** The indicator's state of every step: the current one, then done or incomplete as `isComplete` says. */
export function wizardStepStates(
  steps: readonly WizardStep[],
  currentIndex: number,
  isComplete: (step: WizardStep) => boolean,
): WizardStepState[] {
  return steps.map((step, index) => (index === currentIndex ? 'current' : isComplete(step) ? 'done' : 'incomplete'));
}
