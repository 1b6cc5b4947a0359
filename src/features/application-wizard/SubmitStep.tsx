import { useId, type ReactNode } from 'react';
import { Link as AriaLink } from 'react-aria-components';
import { wizardViewMessages } from '../../../domain/messages/wizardView.ts';
import type { FieldIssue, WizardStep } from '../../../domain/wizard.ts';
import type { FieldOption, FieldSpec } from '../../../domain/wizardFields.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { link } from '../../ui/Link.css.ts';
import { submitBlockers } from './submitReadiness.ts';
import { WizardStepForm } from './WizardStepForm.tsx';
import {
  complete,
  issueList,
  missing,
  ready,
  reasons as reasonsStyle,
  stepLine,
  stepTitle,
  summary,
  summaryItem,
} from './SubmitStep.css.ts';

const view = wizardViewMessages;
/** The Riepilogo's answers are read, never typed in. */
const ignoreChange = () => undefined;

export interface SubmitStepProps {
  steps: readonly WizardStep[];
  /** The fund's fields, to name each problem by its label. */
  fields: readonly FieldSpec[];
  /** Every current problem of the form steps (the definition's validate()). */
  issues: readonly FieldIssue[];
  /** Every mandatory attachment uploaded; undefined while being checked. */
  attachmentsComplete: boolean | undefined;
  /** The end-of-works message when the date is past the call's limit, else null. */
  blockingMessage?: string | null;
  /** Go to a step; `field` names the field whose problem was chosen, for the caller to focus. */
  onGoToStep(index: number, field?: string): void;
  /**
   * Whether the wizard machine accepts Invia now (its guard: editable, no issue, attachments complete, no
   * draft conflict). The reasons listed above the button come from the same issues.
   */
  canSubmit: boolean;
  /** Who may hand over, for a member who may not (the call's rule, issue 42): said instead of the button. */
  handOverNotice?: string | null;
  /** Opens the confirmation dialog. */
  onSubmit(): void;
  /** The call requires the signed Domanda and it does not sign the application as it is (issue 43). */
  signatureMissing?: boolean;
  /** The signature's section ("Firma digitale della domanda"), above the button. */
  signature?: ReactNode;
  /** The application's values and the reference lists: every answer is shown, as the Domanda will read it. */
  values: unknown;
  lookups: Readonly<Record<string, readonly FieldOption[] | undefined>>;
  /** False once the application may no longer change: the answers show without «Modifica». */
  editable: boolean;
}

/**
 * The last step (spec §2 Invia Candidatura): what is complete and what is missing, each problem a link to its
 * step; the end-of-works limit; the attachments; and the submit button, disabled with the reasons shown above
 * it while the application cannot be sent (spec §5).
 */
export function SubmitStep({
  steps,
  fields,
  issues,
  attachmentsComplete,
  blockingMessage = null,
  canSubmit,
  handOverNotice = null,
  onGoToStep,
  onSubmit,
  signatureMissing = false,
  signature = null,
  values,
  lookups,
  editable,
}: SubmitStepProps) {
  const titleId = useId();
  const reasonsId = useId();
  const blockers = submitBlockers({ steps, issues, attachmentsComplete, blockingMessage, signatureMissing });
  const labelOf = (name: string) => fields.find((field) => field.name === name)?.label ?? name;

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>{view.summaryTitle}</h2>
      <p>{view.summaryIntro}</p>
      {blockingMessage ? <Alert tone="error">{blockingMessage}</Alert> : null}
      <ul className={summary}>
        {steps.map((step, index) => {
          if (step.kind === 'submit') return null;
          if (step.kind === 'attachments') {
            return (
              <li key={step.id} className={summaryItem}>
                <div className={stepLine}>
                  <span className={stepTitle}>{step.title}</span>
                  {attachmentsComplete === undefined ? (
                    <span>{view.attachmentsChecking}</span>
                  ) : attachmentsComplete ? (
                    <span className={complete}>{view.attachmentsComplete}</span>
                  ) : (
                    <>
                      <span className={missing}>{view.attachmentsMissing}</span>
                      <AriaLink className={link} onPress={() => onGoToStep(index)}>
                        {view.goToStep(step.title)}
                      </AriaLink>
                    </>
                  )}
                </div>
              </li>
            );
          }
          const stepIssues = issues.filter((issue) => issue.step === step.id);
          return (
            <li key={step.id} className={summaryItem}>
              <div className={stepLine}>
                <span className={stepTitle}>{step.title}</span>
                {stepIssues.length === 0 ? (
                  <span className={complete}>{view.stepComplete}</span>
                ) : (
                  <span className={missing}>{view.stepMissing(stepIssues.length)}</span>
                )}
              </div>
              {stepIssues.length === 0 ? null : (
                <ul className={issueList}>
                  {stepIssues.map((issue) => (
                    <li key={`${issue.field}:${issue.message}`}>
                      <AriaLink className={link} onPress={() => onGoToStep(index, issue.field)}>
                        {view.issue(labelOf(issue.field), issue.message)}
                      </AriaLink>
                    </li>
                  ))}
                </ul>
              )}
              <WizardStepForm
                stepId={step.id}
                fields={fields}
                values={values}
                issues={[]}
                lookups={lookups}
                readOnly
                onChange={ignoreChange}
                onEdit={editable ? (field) => onGoToStep(index, field) : undefined}
              />
            </li>
          );
        })}
      </ul>
      {signature}
      {blockers.length === 0 ? (
        <p className={ready}>{view.readyToSubmit}</p>
      ) : (
        <ul id={reasonsId} className={reasonsStyle}>
          {blockers.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      {handOverNotice ? (
        <Alert tone="info">{handOverNotice}</Alert>
      ) : (
        <Button onPress={onSubmit} isDisabled={!canSubmit} aria-describedby={blockers.length > 0 ? reasonsId : undefined}>
          {view.submit}
        </Button>
      )}
    </section>
  );
}
