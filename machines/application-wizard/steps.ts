import type { WizardStep } from '../../domain/wizard.ts';

/**
 * Which steps a person can open (spec §2): all of them, except the submit step ('Invia Candidatura') for an
 * admin or a submitted application.
 */
export function isStepReachable(steps: readonly WizardStep[], readOnly: boolean, index: number): boolean {
  const step = steps[index];
  return step !== undefined && !(readOnly && step.kind === 'submit');
}

export function nextStepIndex(steps: readonly WizardStep[], readOnly: boolean, current: number): number | null {
  for (let index = current + 1; index < steps.length; index += 1) {
    if (isStepReachable(steps, readOnly, index)) return index;
  }
  return null;
}

export function previousStepIndex(steps: readonly WizardStep[], readOnly: boolean, current: number): number | null {
  for (let index = current - 1; index >= 0; index -= 1) {
    if (isStepReachable(steps, readOnly, index)) return index;
  }
  return null;
}

/**
 * The step to open for the navigation state's `numberStep`: itself when reachable, otherwise the nearest
 * reachable step before it (a read-only application asked for Invia opens Allegati), otherwise the first.
 */
export function startStepIndex(steps: readonly WizardStep[], readOnly: boolean, requested: number): number {
  const wanted = Number.isInteger(requested) ? Math.min(Math.max(requested, 0), steps.length - 1) : 0;
  if (isStepReachable(steps, readOnly, wanted)) return wanted;
  return previousStepIndex(steps, readOnly, wanted) ?? nextStepIndex(steps, readOnly, wanted) ?? 0;
}
