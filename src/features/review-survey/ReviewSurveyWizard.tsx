import { shallowEqual, useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { fundEntry } from '../../../domain/funds.ts';
import { formatItalianDate, italianDateTime } from '../../../domain/italianDates.ts';
import { monitoringMessages } from '../../../domain/messages/monitoring.ts';
import { surveyMessages } from '../../../domain/messages/survey.ts';
import { selectSurveyWizardView } from '../../../machines/survey-wizard/selectors.ts';
import type { AttachmentTransfers } from '../../api/attachments.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { button } from '../../ui/Button.css.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { HrefLink, Link } from '../../ui/Link.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { StepIndicator } from '../../ui/StepIndicator.tsx';
import { AttachmentsStep } from '../application-wizard/AttachmentsStep.tsx';
import { SurveyRenderer } from './lazySurveyRenderer.ts';
import { MonitoringPeriodPicker } from './MonitoringPeriodPicker.tsx';
import * as styles from './ReviewSurveyWizard.css.ts';
import { useSurveyData, useSurveyWizard, type LoadedSurveys, type SurveyWizardOptions } from './useSurveyWizard.ts';

const m = surveyMessages;

/** The hook's options (which fund, organisation, viewer and period) and what only the view uses. */
export interface ReviewSurveyWizardProps extends SurveyWizardOptions {
  transfers: AttachmentTransfers;
  /** Monitoring, admin: another period chosen in the selector. */
  onPeriodChange?: ((periodId: string) => void) | undefined;
  /** Admin: the list with the filters it had, where 'Torna alla lista' leads. */
  listHref?: string | undefined;
  /** Why the member sees the survey read-only (Sola lettura, issue 42); null otherwise. */
  readOnlyNotice?: string | null;
  /** Who may hand over, said on the submit step instead of Invia to a member who may not (issue 42). */
  handOverNotice?: string | null;
}

/**
 * Spec §2 Survey wizard: the application and the two surveys of its fund (useSurveyData), then the survey wizard
 * machine over them (useSurveyWizard). It renders what they say and sends the machine events; it decides nothing.
 */
export function ReviewSurveyWizard(props: ReviewSurveyWizardProps) {
  const data = useSurveyData(props);
  if (data.kind === 'failed') {
    return (
      <>
        <Alert tone="error">{m.loadFailed}</Alert>
        <Button onPress={data.retry}>{m.retry}</Button>
      </>
    );
  }
  if (data.kind === 'noPeriod') {
    return (
      <>
        <h1>{m.monitoringTitle(fundEntry(props.fund).title)}</h1>
        <Alert tone="info">{monitoringMessages.noPeriods}</Alert>
        {props.viewer === 'admin' ? (
          <HrefLink href={props.listHref ?? '/admin-panel'} className={button({ variant: 'primary' })}>
            {m.backToList}
          </HrefLink>
        ) : (
          <Link to="/calls" className={button({ variant: 'primary' })}>
            {m.backToFunds}
          </Link>
        )}
      </>
    );
  }
  if (data.kind === 'loading') return <Spinner label={m.loading} />;
  return <SurveyWizardView {...props} loaded={data} />;
}

function SurveyWizardView({ loaded, ...props }: ReviewSurveyWizardProps & { loaded: LoadedSurveys }) {
  const { api, transfers, fund, organizationId, monitoraggio } = props;
  const { period } = loaded;
  const entry = fundEntry(fund);
  const { actor, onAnswersChange } = useSurveyWizard(props, loaded);
  const {
    isLoading,
    loadFailed,
    access,
    editable,
    steps,
    stepStates,
    current,
    part,
    backLink,
    canGoBack,
    canGoNext,
    canSubmit,
    isConfirming,
    isSubmitting,
    hasConflict,
    isSaving,
    typedAnswers,
    reloads,
    focusQuestion,
    showsMissingAttachments,
  } = useSelector(actor, selectSurveyWizardView, shallowEqual);

  const title = monitoraggio ? m.monitoringTitle(entry.title) : m.reviewTitle(entry.title);
  if (loadFailed) {
    return (
      <>
        <h1>{title}</h1>
        <Alert tone="error">{m.loadFailed}</Alert>
        <Button onPress={() => actor.send({ type: 'retry' })}>{m.retry}</Button>
      </>
    );
  }
  if (isLoading || current === null) return <Spinner label={m.loading} />;

  const survey = part === null ? null : loaded.surveys[part];
  return (
    <>
      <h1>{title}</h1>
      {period ? (
        <p>
          <strong>{period.title}</strong> — {monitoringMessages.periodDue(formatItalianDate(period.effectiveDueOn))}
          {period.overdue ? ` (${monitoringMessages.overdue})` : ''}
          {period.compilata && period.submittedAt ? ` — ${monitoringMessages.periodSubmitted(italianDateTime(period.submittedAt))}` : ''}
          <br />
          {monitoringMessages.reminders}:{' '}
          {period.reminders.length === 0
            ? monitoringMessages.noReminders
            : period.reminders.map((r) => `${italianDateTime(r.sentAt)} (${monitoringMessages.reminderKinds[r.kind]})`).join(', ')}
        </p>
      ) : null}
      {period && access === 'admin' && props.onPeriodChange ? (
        <MonitoringPeriodPicker periods={loaded.periods} value={period.id} onChange={props.onPeriodChange} />
      ) : null}
      <StepIndicator
        summary={m.stepOf(steps.indexOf(current) + 1, steps.length, m.steps[current])}
        showLabel={m.showSteps}
        hideLabel={m.hideSteps}
        currentKey={current}
      >
        <nav aria-label={m.stepsNavigation}>
          <ol className={styles.steps}>
            {stepStates.map(({ step, done }, index) => (
              <li key={step}>
                <button
                  type="button"
                  className={styles.stepButton}
                  aria-current={step === current ? 'step' : undefined}
                  onClick={() => actor.send({ type: 'step.select', step })}
                >
                  {index + 1}. {m.steps[step]}
                  {/* The line is there before the server's check arrives: the steps never grow under the survey. */}
                  {done === null ? (
                    <span className={styles.stepState} aria-hidden="true">
                      {'\u00a0'}
                    </span>
                  ) : (
                    <span className={styles.stepState}>{done ? m.stepDone : m.stepIncomplete}</span>
                  )}
                </button>
              </li>
            ))}
          </ol>
        </nav>
      </StepIndicator>
      {!editable ? <p>{m.readOnlyNote}</p> : null}
      {props.readOnlyNotice ? <Alert tone="info">{props.readOnlyNotice}</Alert> : null}
      {hasConflict ? (
        <Alert tone="error">
          {m.conflict} <Button onPress={() => actor.send({ type: 'draft.reload' })}>{m.reload}</Button>
        </Alert>
      ) : null}
      {/* Its line is always there: text appearing and going above the survey moved the page, and SurveyJS closes
          an open dropdown list on any scroll (Chrome's scroll anchoring scrolls to make up for the move). */}
      <p role="status" aria-live="polite" className={styles.saveStatus}>
        {editable ? (isSaving ? m.saving : '') : ''}
      </p>

      {part !== null && survey !== null ? (
        <section aria-labelledby="survey-step-title">
          <h2 id="survey-step-title">{m.steps[part]}</h2>
          {/* A survey shown before its refreshed answers arrive would be rebuilt from them under the person's fingers,
              losing what they had typed meanwhile: it appears once they are here. */}
          {survey.refreshing ? (
            <Spinner label={m.loading} />
          ) : (
            <Suspense fallback={<Spinner label={m.loading} />}>
              <SurveyRenderer
                key={`${part}-${survey.answersUpdatedAt}-${reloads}`}
                definition={survey.definition}
                initialAnswers={typedAnswers ?? survey.answers}
                readOnly={!editable}
                onChange={editable ? onAnswersChange[part] : undefined}
                focusQuestion={focusQuestion}
              />
            </Suspense>
          )}
        </section>
      ) : null}

      {current === 'dnsh' ? (
        <section aria-labelledby="dnsh-title">
          <h2 id="dnsh-title">{m.steps.dnsh}</h2>
          <p>{m.dnshIntro}</p>
          <h3>{m.dnshMandatoryTitle}</h3>
          <p>{m.dnshMandatoryIntro}</p>
          <AttachmentsStep
            api={api}
            transfers={transfers}
            fund={fund}
            organizationId={organizationId}
            readOnly={!editable}
            purpose="review"
            only="mandatory"
            showsMissing={showsMissingAttachments}
          />
          <h3>{m.dnshSchedeTitle}</h3>
          <p>{m.dnshSchede}</p>
          <AttachmentsStep
            api={api}
            transfers={transfers}
            fund={fund}
            organizationId={organizationId}
            readOnly={!editable}
            purpose="review"
            only="optional"
          />
        </section>
      ) : null}

      {current === 'submit' ? (
        <section aria-labelledby="submit-title">
          <h2 id="submit-title">{m.steps.submit}</h2>
          <Alert tone="info">{monitoraggio ? m.monitoringSubmitHint : m.submitHint}</Alert>
          {props.handOverNotice ? (
            <Alert tone="info">{props.handOverNotice}</Alert>
          ) : (
            <Button onPress={() => actor.send({ type: 'submit.open' })} isDisabled={!canSubmit}>
              {m.submit}
            </Button>
          )}
        </section>
      ) : null}

      <div className={styles.navigation}>
        {canGoBack ? (
          <Button variant="secondary" onPress={() => actor.send({ type: 'step.back' })}>
            {m.back}
          </Button>
        ) : (
          <span />
        )}
        {canGoNext ? <Button onPress={() => actor.send({ type: 'step.next' })}>{m.next}</Button> : null}
        {backLink?.to === '/calls' ? (
          <Link to="/calls" className={button({ variant: 'primary' })}>
            {backLink.label}
          </Link>
        ) : null}
        {backLink?.to === '/admin-panel' ? (
          <HrefLink href={props.listHref ?? '/admin-panel'} className={button({ variant: 'primary' })}>
            {backLink.label}
          </HrefLink>
        ) : null}
      </div>

      <Dialog
        role="alertdialog"
        title={m.confirmTitle}
        isOpen={isConfirming}
        onOpenChange={(isOpen) => {
          if (!isOpen && !isSubmitting) actor.send({ type: 'submit.cancel' });
        }}
      >
        <p>{m.confirm}</p>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onPress={() => actor.send({ type: 'submit.cancel' })} isDisabled={isSubmitting}>
            {m.confirmBack}
          </Button>
          <Button onPress={() => actor.send({ type: 'submit.confirm' })} isDisabled={isSubmitting}>
            {isSubmitting ? m.submitting : m.confirmSend}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
