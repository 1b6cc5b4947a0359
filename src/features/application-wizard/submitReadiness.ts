import { wizardViewMessages } from '../../../domain/messages/wizardView.ts';
import type { FieldIssue, WizardStep } from '../../../domain/wizard.ts';

const view = wizardViewMessages;

export interface SubmitReadinessInput {
  steps: readonly WizardStep[];
  issues: readonly FieldIssue[];
  /** Whether every mandatory attachment is uploaded; undefined while that is being checked. */
  attachmentsComplete: boolean | undefined;
  /** The end-of-works message when the date is past the call's limit (spec §5 Blocking date). */
  blockingMessage?: string | null;
  /** The call requires the signed Domanda, and none signs the application as it is (issue 43). */
  signatureMissing?: boolean;
}

/** The form steps that still have a problem other than the blocking date (which is said on its own). */
export function incompleteSteps({ steps, issues, blockingMessage }: SubmitReadinessInput): WizardStep[] {
  return steps.filter(
    (step) => step.kind === 'form' && issues.some((issue) => issue.step === step.id && issue.message !== blockingMessage),
  );
}

/**
 * Why the application cannot be sent yet (spec §5: a required section incomplete, the end date beyond the
 * limit, attachments missing; issue 43: the signed Domanda missing or stale), each in words a person can act on; empty when it can be sent.
 */
export function submitBlockers(input: SubmitReadinessInput): string[] {
  const reasons: string[] = [];
  const incomplete = incompleteSteps(input);
  if (incomplete.length > 0) reasons.push(view.blockedIncomplete(incomplete.map((step) => step.title).join(', ')));
  if (input.blockingMessage) reasons.push(input.blockingMessage);
  if (input.attachmentsComplete === false) reasons.push(view.blockedAttachments);
  if (input.attachmentsComplete === undefined) reasons.push(view.blockedChecking);
  // Said once the rest is complete: only then is there a Domanda to sign.
  if (input.signatureMissing && reasons.length === 0) reasons.push(view.blockedUnsigned);
  return reasons;
}
