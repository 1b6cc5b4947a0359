import { shallowEqual, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { wizardMessages } from '../../../domain/messages/wizard.ts';
import { wizardViewMessages } from '../../../domain/messages/wizardView.ts';
import { formatItalianDate } from '../../../domain/italianDates.ts';
import type { FieldOption, FieldSpec } from '../../../domain/wizardFields.ts';
import { selectApplicationWizardView } from '../../../machines/application-wizard/selectors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { conflictActions, stepHeading } from './ApplicationWizard.css.ts';
import { SaveIndicator } from './SaveIndicator.tsx';
import { SubmitDialog } from './SubmitDialog.tsx';
import { SubmitStep } from './SubmitStep.tsx';
import type { ApplicationWizardActor } from './useApplicationWizard.ts';
import { WarningBanners } from './WarningBanners.tsx';
import { WizardNavigation } from './WizardNavigation.tsx';
import { WizardStepForm } from './WizardStepForm.tsx';
import { WizardSteps } from './WizardSteps.tsx';

const m = wizardMessages;

export interface ApplicationWizardViewProps {
  actor: ApplicationWizardActor;
  /** Every field of the fund, in display order. */
  fields: readonly FieldSpec[];
  /** The computed end-of-works field whose issue blocks submit (FundDefinition.blockingDateField). */
  blockingDateField: string;
  /** Reference lists by `source` name, undefined while one loads. */
  lookups: Readonly<Record<string, readonly FieldOption[] | undefined>>;
  /** Reviewers' warnings (spec §5), shown to admins only. */
  warnings?: readonly string[];
  /**
   * The Allegati step's content; `readOnly` when nothing may be uploaded or removed; `showsMissing` once the
   * person tried to go on from it or reached the submit step, when a missing mandatory file is pointed out.
   */
  attachments(readOnly: boolean, showsMissing: boolean): ReactNode;
  /** The admin's list with its filters, where 'Torna alla lista' leads (admin pages only). */
  listHref?: string | undefined;
  /** Why the member sees the application read-only (Sola lettura); null otherwise. */
  readOnlyNotice?: string | null;
  /** Who may hand over, shown on the submit step instead of Invia to a member who may not. */
  handOverNotice?: string | null;
  /** The submit step's signature section (decision 0008); `editable` when the person may upload. */
  signature?: (editable: boolean) => ReactNode;
  /** Issue 44: what an open integration round asks of a field, drawn in its place (WizardStepForm). */
  correction?: (field: FieldSpec, values: unknown) => ReactNode | null;
}

/**
 * The application wizard of spec §2 as the machine describes it: title, warnings (admin), autosave state,
 * step indicator, the current step (fields, attachments or the submit summary), the buttons below, and the
 * submit and conflict dialogs. It renders and sends events; it decides nothing.
 */
export function ApplicationWizardView({
  actor,
  fields,
  blockingDateField,
  lookups,
  warnings = [],
  attachments,
  listHref,
  readOnlyNotice = null,
  handOverNotice = null,
  signature,
  correction,
}: ApplicationWizardViewProps) {
  const {
    title,
    isLoading,
    loadError,
    readOnly,
    isAdmin,
    canGoBack,
    canSubmit,
    canGoNext,
    backLink,
    values,
    issues,
    showsAllIssues,
    showsMissingAttachments,
    current,
    stepStates,
    steps,
    attachmentsComplete,
    saveIndicator,
    savedAt,
    isConfirmingSubmit,
    isSubmitting,
    submitError,
    submitQueue,
    isConflictDialogOpen,
    endOfWorksLimit,
    signatureRequired,
    signatureSatisfied,
  } = useSelector(actor, selectApplicationWizardView, shallowEqual);

  // The wizard opened (from /calls, the body had the focus) or the step changed: keyboard and screen-reader users
  // continue from the step's title. An administrator opening an application starts from the page's heading
  // instead, the status change a Shift+Tab before it, not inside the form.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepId = current?.step.id;
  const previousStep = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (stepId === undefined || isLoading || !headingRef.current) return;
    if (previousStep.current === stepId) return;
    const opening = previousStep.current === undefined;
    previousStep.current = stepId;
    (opening && isAdmin ? titleRef.current : headingRef.current)?.focus();
  }, [stepId, isLoading, isAdmin]);

  // One handler for the whole visit: a field redraws only when what it shows changes (WizardField).
  const changeField = useCallback((field: string, value: unknown) => actor.send({ type: 'field.change', field, value }), [actor]);

  if (isLoading) return <Spinner label={m.loading} />;
  if (loadError !== null || current === null) {
    return (
      <>
        <h1>{title}</h1>
        <Alert tone="error">{loadError ?? m.loadFailed}</Alert>
        <Button onPress={() => actor.send({ type: 'load.retry' })}>{m.retry}</Button>
      </>
    );
  }

  const reachable = stepStates.map((indicator) => indicator.step);
  const goTo = (index: number) => actor.send({ type: 'step.go', index });
  const blockingMessage = issues.find((issue) => issue.field === blockingDateField)?.message ?? null;
  // The step that computes the end of works says the call's limit before any date is typed.
  const showsEndOfWorksLimit =
    !readOnly && current.step.kind === 'form' && fields.some((field) => field.name === blockingDateField && field.step === current.step.id);

  return (
    <>
      <h1 ref={titleRef} tabIndex={-1}>
        {title}
      </h1>
      {isAdmin ? <WarningBanners warnings={warnings} /> : null}
      {readOnlyNotice ? <Alert tone="info">{readOnlyNotice}</Alert> : null}
      {readOnly ? null : (
        <SaveIndicator
          state={saveIndicator}
          savedAt={savedAt ? new Date(savedAt) : null}
          onReload={() => actor.send({ type: 'draft.reload' })}
          onRetry={() => actor.send({ type: 'draft.save' })}
        />
      )}
      <WizardSteps
        steps={reachable}
        states={stepStates.map((indicator) => indicator.state)}
        onSelect={(position) => goTo(stepStates[position]!.index)}
      />
      <section aria-labelledby="wizard-step-title">
        <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1} className={stepHeading}>
          {current.step.title}
        </h2>
        {showsEndOfWorksLimit ? <p>{wizardViewMessages.endOfWorksLimitNote(formatItalianDate(endOfWorksLimit))}</p> : null}
        {current.step.kind === 'form' ? (
          <WizardStepForm
            stepId={current.step.id}
            fields={fields}
            values={values}
            issues={issues}
            lookups={lookups}
            readOnly={readOnly}
            showAllIssues={showsAllIssues}
            onChange={changeField}
            renderCorrection={correction}
          />
        ) : current.step.kind === 'attachments' ? (
          attachments(readOnly, showsMissingAttachments)
        ) : (
          <SubmitStep
            steps={steps}
            fields={fields}
            issues={issues}
            attachmentsComplete={attachmentsComplete}
            blockingMessage={blockingMessage}
            canSubmit={canSubmit}
            handOverNotice={handOverNotice}
            signatureMissing={signatureRequired && !signatureSatisfied}
            signature={signature?.(!readOnly)}
            values={values}
            lookups={lookups}
            editable={!readOnly}
            onGoToStep={(index) => goTo(index)}
            onSubmit={() => actor.send({ type: 'submit.open' })}
          />
        )}
      </section>
      <WizardNavigation
        canGoBack={canGoBack}
        canGoNext={canGoNext}
        backLink={backLink}
        listHref={listHref}
        editable={!readOnly}
        onBack={() => actor.send({ type: 'step.back' })}
        onNext={() => actor.send({ type: 'step.next' })}
      />
      <SubmitDialog
        isOpen={isConfirmingSubmit}
        isSubmitting={isSubmitting}
        errorMessage={submitError}
        queue={submitQueue}
        onConfirm={() => actor.send({ type: 'submit.confirm' })}
        onCancel={() => actor.send({ type: 'submit.cancel' })}
      />
      <Dialog
        role="alertdialog"
        title={wizardViewMessages.conflictTitle}
        isOpen={isConflictDialogOpen}
        onOpenChange={(open) => {
          if (!open) actor.send({ type: 'conflict.keepEditing' });
        }}
      >
        <p>{m.saveIndicator.conflict}</p>
        <p>{m.reloadHint}</p>
        <p>{m.keepEditingHint}</p>
        <div className={conflictActions}>
          <Button onPress={() => actor.send({ type: 'draft.reload' })}>{m.reload}</Button>
          <Button variant="secondary" onPress={() => actor.send({ type: 'conflict.keepEditing' })}>
            {m.keepEditing}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
