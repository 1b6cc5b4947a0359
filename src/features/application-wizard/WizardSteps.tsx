import { Button as AriaButton } from 'react-aria-components';
import { wizardViewMessages } from '../../../domain/messages/wizardView.ts';
import type { WizardStep } from '../../../domain/wizard.ts';
import { visuallyHidden } from '../../../styles/visuallyHidden.css.ts';
import { StepIndicator } from '../../ui/StepIndicator.tsx';
import type { StepIndicatorState as WizardStepState } from '../../../machines/application-wizard/selectors.ts';
import { badgeCurrent, badgeDone, badgeIncomplete, badgeNotStarted, list, stepButton } from './WizardSteps.css.ts';

const view = wizardViewMessages;

export interface WizardStepsProps {
  steps: readonly Pick<WizardStep, 'id' | 'title'>[];
  /** One state per step, in order (the wizard machine's selectStepStates). */
  states: readonly WizardStepState[];
  /** The person chose a step (by its index). */
  onSelect(index: number): void;
}

const stateText: Record<WizardStepState, string> = {
  current: view.stepCurrent,
  done: view.stepDone,
  incomplete: view.stepIncomplete,
  notStarted: view.stepNotStarted,
};

const badgeOf: Record<WizardStepState, string> = {
  current: badgeCurrent,
  done: badgeDone,
  incomplete: badgeIncomplete,
  notStarted: badgeNotStarted,
};

/**
 * The step indicator (spec §2): every step with its number and title, the current one marked, the others done
 * (a tick), still to complete (their number, edged in red) or not opened yet (their number, neutral). Each is a
 * button to go to it. The state is said in words
 * too, for screen readers, never by colour alone. On a phone the list folds behind "Passo 2 di 6 · …".
 */
export function WizardSteps({ steps, states, onSelect }: WizardStepsProps) {
  const currentIndex = Math.max(states.indexOf('current'), 0);
  const currentStep = steps[currentIndex];
  return (
    <StepIndicator
      summary={view.stepOf(currentIndex + 1, steps.length, currentStep?.title ?? '')}
      showLabel={view.showSteps}
      hideLabel={view.hideSteps}
      currentKey={currentStep?.id ?? ''}
    >
      <nav aria-label={view.stepsLabel}>
        <ol className={list}>
          {steps.map((step, index) => {
            const state = states[index] ?? 'notStarted';
            return (
              <li key={step.id}>
                <AriaButton className={stepButton} aria-current={state === 'current' ? 'step' : undefined} onPress={() => onSelect(index)}>
                  <span className={badgeOf[state]} aria-hidden="true">
                    {state === 'done' ? '✓' : index + 1}
                  </span>
                  <span>
                    <span className={visuallyHidden}>{`${index + 1}. `}</span>
                    {step.title}
                    <span className={visuallyHidden}>{` (${stateText[state]})`}</span>
                  </span>
                </AriaButton>
              </li>
            );
          })}
        </ol>
      </nav>
    </StepIndicator>
  );
}
