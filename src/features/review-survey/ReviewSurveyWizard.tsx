import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { Fund } from '../../../domain/applicationStatus.ts';
import { fundEntry } from '../../../domain/funds.ts';
import { monitoringMessages } from '../../../domain/messages/monitoring.ts';
import { surveyMessages } from '../../../domain/messages/survey.ts';
import { receiptsMessages } from '../../../domain/messages/receipts.ts';
import { reviewSurveyNames, type SurveyIssue } from '../../../domain/surveys.ts';
import { transitionOn } from '../../../machines/application-lifecycle/transitions.ts';
import {
  selectCanGoBack,
  selectCanGoNext,
  selectCanSubmit,
  selectCurrentStep,
  selectHasConflict,
  selectIsConfirming,
  selectIsLoading,
  selectIsSaving,
  selectIsSubmitting,
  selectIssues,
  selectTypedAnswers,
  selectLoadFailed,
  selectSteps,
} from '../../../machines/survey-wizard/selectors.ts';
import { surveyWizardMachine } from '../../../machines/survey-wizard/surveyWizard.machine.ts';
import type { SubmitRefusal, SurveyPart, SurveyWizardInput } from '../../../machines/survey-wizard/types.ts';
import { applicationQueries, updateCompilationStatus } from '../../api/applications.ts';
import { attachmentQueries, getReviewValidation, type AttachmentTransfers } from '../../api/attachments.ts';
import type { ApiClient } from '../../api/client.ts';
import { ApiRequestError } from '../../api/errors.ts';
import { monitoringQueries } from '../../api/monitoring.ts';
import { issuedReceipt, keepIssuedReceipt } from '../../api/receipts.ts';
import { getSurveyValidation, surveyQueries } from '../../api/surveys.ts';
import type { MonitoringRow } from '../../../domain/monitoring.ts';
import { formatItalianDate, italianDateTime } from '../../../domain/italianDates.ts';
import { MonitoringPeriodPicker } from './MonitoringPeriodPicker.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { button } from '../../ui/Button.css.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { HrefLink, Link } from '../../ui/Link.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { StepIndicator } from '../../ui/StepIndicator.tsx';
import { notify } from '../../ui/toastQueue.ts';
import { AttachmentsStep } from '../application-wizard/AttachmentsStep.tsx';
import { createAnswersSync, type StoredSurvey } from './answersSync.ts';
import * as styles from './ReviewSurveyWizard.css.ts';
import { inspect } from '../../devtools/inspect.ts';

// SurveyJS (≈350 KB gzip) is downloaded only when a survey is shown.
const SurveyRenderer = lazy(() => import('./SurveyRenderer.tsx'));

const m = surveyMessages;
const PARTS: readonly SurveyPart[] = ['istruttoria', 'gresb'];

export interface ReviewSurveyWizardProps {
  api: ApiClient;
  transfers: AttachmentTransfers;
  fund: Fund;
  organizationId: string;
  /** The admin's view, or the applicant's (read-only with the isReadOnly flag or once handed over). */
  viewer: 'applicant' | 'admin';
  isReadOnly: boolean;
  monitoraggio: boolean;
  /** Monitoring: the period to show (its id); the current one when undefined. */
  periodId?: string | undefined;
  /** Monitoring, admin: another period chosen in the selector. */
  onPeriodChange?: ((periodId: string) => void) | undefined;
  /** Admin: the list with the filters it had, where 'Torna alla lista' leads. */
  listHref?: string | undefined;
}

/** Spec §2 Survey wizard: loads the application and the two surveys of its fund, then runs the survey wizard machine. */
export function ReviewSurveyWizard(props: ReviewSurveyWizardProps) {
  const { api, fund, organizationId, monitoraggio } = props;
  const compilation = useQuery(applicationQueries.compilation(api, fund, organizationId));
  const types = useQuery(surveyQueries.typeList(api));
  const names = reviewSurveyNames(fundEntry(fund));
  const latest = names.map((name) => types.data?.find((type) => type.name === name));
  const candidaturaId = compilation.data?.id ?? '';
  // Monitoring: the periods opened for the application, to pick the one shown.
  const periods = useQuery({ ...monitoringQueries.rows(api, fund, candidaturaId), enabled: monitoraggio && candidaturaId !== '' });
  const period = periods.data?.find((row) => (props.periodId ? row.id === props.periodId : row.current));
  const periodReady = !monitoraggio || periods.isSuccess;
  const submissions = useQueries({
    queries: latest.map((type) => ({
      ...surveyQueries.submission(api, type?.id ?? 0, candidaturaId, monitoraggio, period?.id),
      enabled: type !== undefined && candidaturaId !== '' && periodReady,
    })),
  });
  const pinnedIds = latest.map((type, index) => submissions[index]?.data?.surveyId ?? type?.id ?? 0);
  const definitions = useQueries({
    queries: pinnedIds.map((id) => ({ ...surveyQueries.definition(api, id), enabled: id > 0 && submissions.every((s) => s.isSuccess) })),
  });

  const failed =
    compilation.isError || types.isError || periods.isError || submissions.some((s) => s.isError) || definitions.some((d) => d.isError);
  if (failed) {
    return (
      <>
        <Alert tone="error">{m.loadFailed}</Alert>
        <Button onPress={() => window.location.reload()}>{m.retry}</Button>
      </>
    );
  }
  if (monitoraggio && periods.data && !period) {
    return (
      <>
        <h1>{m.monitoringTitle(fundEntry(fund).title)}</h1>
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
  if (!compilation.data || definitions.some((d) => !d.data) || submissions.some((s) => !s.isSuccess)) return <Spinner label={m.loading} />;

  const open =
    transitionOn(compilation.data.statusCode, monitoraggio ? 'applicant.monitoring.submit' : 'applicant.review.submit') !== undefined &&
    (!monitoraggio || (period !== undefined && period.current && !period.compilata));
  const access: SurveyWizardInput['access'] = props.viewer === 'admin' ? 'admin' : props.isReadOnly || !open ? 'readOnly' : 'edit';
  const stored = Object.fromEntries(
    PARTS.map((part, index) => [
      part,
      { surveyId: pinnedIds[index]!, submissionId: submissions[index]!.data?.id ?? null, version: submissions[index]!.data?.version ?? 0 },
    ]),
  ) as Record<SurveyPart, StoredSurvey>;
  return (
    <SurveyWizardView
      {...props}
      candidaturaId={compilation.data.id}
      period={period}
      periods={periods.data ?? []}
      access={access}
      stored={stored}
      definitions={definitions.map((d) => d.data!.json)}
      answers={submissions.map((s) => s.data?.json ?? {})}
      answersUpdatedAt={submissions.map((s) => s.dataUpdatedAt)}
      answersRefreshing={submissions.map((s) => s.isFetching)}
    />
  );
}

interface SurveyWizardViewProps extends ReviewSurveyWizardProps {
  candidaturaId: string;
  /** Monitoring: the period shown, and every period opened (the admin's selector). */
  period: MonitoringRow | undefined;
  periods: MonitoringRow[];
  access: SurveyWizardInput['access'];
  stored: Record<SurveyPart, StoredSurvey>;
  definitions: Record<string, unknown>[];
  answers: Record<string, unknown>[];
  answersUpdatedAt: number[];
  /** The stored answers are being fetched again (each step change asks for them): the survey waits for them. */
  answersRefreshing: boolean[];
}

function SurveyWizardView(props: SurveyWizardViewProps) {
  const { api, transfers, fund, organizationId, monitoraggio, candidaturaId, access, stored, period } = props;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const entry = fundEntry(fund);
  const mode = monitoraggio ? 'monitoring' : 'review';
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: surveyQueries.all }), [queryClient]);

  const actor = useActorRef(
    surveyWizardMachine.provide({
      actors: {
        loadSurveys: fromPromise(async () => ({
          attachmentsValid: monitoraggio ? true : (await getReviewValidation(api, fund, organizationId)).isValid,
        })),
        submitSurvey: fromPromise(async () => {
          try {
            const compilation = await updateCompilationStatus(api, {
              fund,
              applicationId: candidaturaId,
              status: monitoraggio ? 'Monitoraggio Sottomesso' : 'Istruttoria Sottomessa',
              note: '',
            });
            // The receipt it issued (its protocol number): the toast says it, the confirmation page shows it.
            keepIssuedReceipt(queryClient, api, compilation.receipts, monitoraggio ? 'monitoring' : 'review');
          } catch (error) {
            const refusal: SubmitRefusal = {
              message: error instanceof Error ? error.message : monitoraggio ? m.monitoringFailed : m.failed,
            };
            if (error instanceof ApiRequestError && error.status === 422) {
              refusal.issues = (
                await getSurveyValidation(api, candidaturaId, monitoraggio, undefined, period?.id).catch(() => ({
                  issues: [] as SurveyIssue[],
                }))
              ).issues;
            }
            throw refusal;
          }
        }),
        answersSync: createAnswersSync({
          api,
          candidaturaId,
          compilazioneType: entry.compilazioneType,
          monitoraggio,
          monitoringPeriodId: period?.id,
          stored,
          onSaved: () => {},
        }),
      },
      actions: {
        refreshAnswers: refresh,
        notifyCompleted: () => {
          const issued = issuedReceipt(queryClient, monitoraggio ? 'monitoring' : 'review');
          notify({
            tone: 'success',
            title: receiptsMessages.handedOverTitle[monitoraggio ? 'monitoring' : 'review'],
            description: issued ? receiptsMessages.receiptIssued(issued.protocol) : undefined,
          });
          void queryClient.invalidateQueries({ queryKey: ['application'] });
          void queryClient.invalidateQueries({ queryKey: monitoringQueries.all });
          void navigate({ to: '/surveyIstruttoriaCompletata', search: { ricevuta: issued?.id } });
        },
        notifyFailed: () => notify({ tone: 'error', title: m.failedTitle, description: monitoraggio ? m.monitoringFailed : m.failed }),
      },
    }),
    { inspect, input: { mode, access } },
  );

  const reviewValidation = useQuery({ ...attachmentQueries.validation(api, fund, organizationId, 'review'), enabled: !monitoraggio });
  const attachmentsValid = reviewValidation.data?.isValid;
  useEffect(() => {
    if (attachmentsValid !== undefined) actor.send({ type: 'attachments.changed', valid: attachmentsValid });
  }, [actor, attachmentsValid]);

  // Step indicators (spec §2): done or incomplete, from the server's check of the stored answers and slots.
  const validation = useQuery(surveyQueries.validation(api, candidaturaId, monitoraggio, period?.id));
  useEffect(() => {
    if (reviewValidation.dataUpdatedAt) void queryClient.invalidateQueries({ queryKey: ['surveys', 'validation'] });
  }, [queryClient, reviewValidation.dataUpdatedAt]);
  const names = reviewSurveyNames(entry);
  const stepDone = (step: string): boolean | null => {
    if (!validation.data) return null;
    if (step === 'istruttoria' || step === 'gresb')
      return !validation.data.issues.some((issue) => issue.surveyName === names[step === 'istruttoria' ? 0 : 1]);
    if (step === 'dnsh') return validation.data.missingAttachments.length === 0;
    return null;
  };
  const stepList = useSelector(actor, selectSteps);
  const current = useSelector(actor, selectCurrentStep);
  const isLoading = useSelector(actor, selectIsLoading);
  const loadFailed = useSelector(actor, selectLoadFailed);
  const canBack = useSelector(actor, selectCanGoBack);
  const canNext = useSelector(actor, selectCanGoNext);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const confirming = useSelector(actor, selectIsConfirming);
  const submitting = useSelector(actor, selectIsSubmitting);
  const conflict = useSelector(actor, selectHasConflict);
  const saving = useSelector(actor, selectIsSaving);
  const issues = useSelector(actor, selectIssues);
  // Another member's newer save still ends in the conflict: a save carries the version the answers started from.
  const typedAnswers = useSelector(actor, selectTypedAnswers);
  const onChange = useMemo(
    () =>
      Object.fromEntries(
        PARTS.map((part) => [part, (answers: Record<string, unknown>) => actor.send({ type: 'answers.change', part, answers })]),
      ),
    [actor],
  ) as Record<SurveyPart, (answers: Record<string, unknown>) => void>;
  // A missing mandatory DNSH declaration is pointed out once the person went on from the step or reached Invia.
  const [missingShown, setMissingShown] = useState(false);
  const previousStep = useRef(current);
  useEffect(() => {
    if ((previousStep.current === 'dnsh' && current !== 'dnsh') || current === 'submit') setMissingShown(true);
    previousStep.current = current;
  }, [current]);

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

  const editable = access === 'edit';
  const partIndex = current === 'istruttoria' ? 0 : current === 'gresb' ? 1 : -1;
  const lastStep = stepList.at(-1) === current;
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
        <MonitoringPeriodPicker periods={props.periods} value={period.id} onChange={props.onPeriodChange} />
      ) : null}
      <StepIndicator
        summary={m.stepOf(stepList.indexOf(current) + 1, stepList.length, m.steps[current])}
        showLabel={m.showSteps}
        hideLabel={m.hideSteps}
        currentKey={current}
      >
        <nav aria-label="Passaggi della survey">
          <ol className={styles.steps}>
            {stepList.map((step, index) => (
              <li key={step}>
                <button
                  type="button"
                  className={styles.stepButton}
                  aria-current={step === current ? 'step' : undefined}
                  onClick={() => actor.send({ type: 'step.select', step })}
                >
                  {index + 1}. {m.steps[step]}
                  {/* The line is there before the server's check arrives: the steps never grow under the survey. */}
                  {stepDone(step) === null ? (
                    <span className={styles.stepState} aria-hidden="true">
                      {'\u00a0'}
                    </span>
                  ) : (
                    <span className={styles.stepState}>{stepDone(step) ? m.stepDone : m.stepIncomplete}</span>
                  )}
                </button>
              </li>
            ))}
          </ol>
        </nav>
      </StepIndicator>
      {!editable ? <p>{m.readOnlyNote}</p> : null}
      {conflict ? (
        <Alert tone="error">
          {m.conflict} <Button onPress={() => window.location.reload()}>{m.reload}</Button>
        </Alert>
      ) : null}
      {/* Its line is always there: text appearing and going above the survey moved the page, and SurveyJS closes
          an open dropdown list on any scroll (Chrome's scroll anchoring scrolls to make up for the move). */}
      <p role="status" aria-live="polite" className={styles.saveStatus}>
        {editable ? (saving ? m.saving : '') : ''}
      </p>

      {partIndex >= 0 ? (
        <section aria-labelledby="survey-step-title">
          <h2 id="survey-step-title">{m.steps[current]}</h2>
          {/* A survey shown before its refreshed answers arrive would be rebuilt from them under the person's fingers,
              losing what they had typed meanwhile: it appears once they are here. */}
          {props.answersRefreshing[partIndex] ? (
            <Spinner label={m.loading} />
          ) : (
            <Suspense fallback={<Spinner label={m.loading} />}>
              <SurveyRenderer
                key={`${current}-${props.answersUpdatedAt[partIndex]}`}
                definition={props.definitions[partIndex]!}
                initialAnswers={typedAnswers ?? props.answers[partIndex]!}
                readOnly={!editable}
                onChange={editable ? onChange[PARTS[partIndex]!] : undefined}
                focusQuestion={issues.find((issue) => issue.surveyName === reviewSurveyNames(entry)[partIndex])?.question ?? null}
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
            showsMissing={missingShown}
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
          <Button onPress={() => actor.send({ type: 'submit.open' })} isDisabled={!canSubmit}>
            {m.submit}
          </Button>
        </section>
      ) : null}

      <div className={styles.navigation}>
        {canBack ? (
          <Button variant="secondary" onPress={() => actor.send({ type: 'step.back' })}>
            {m.back}
          </Button>
        ) : (
          <span />
        )}
        {canNext ? <Button onPress={() => actor.send({ type: 'step.next' })}>{m.next}</Button> : null}
        {lastStep && access === 'readOnly' ? (
          <Link to="/calls" className={button({ variant: 'primary' })}>
            {m.backToFunds}
          </Link>
        ) : null}
        {lastStep && access === 'admin' ? (
          <HrefLink href={props.listHref ?? '/admin-panel'} className={button({ variant: 'primary' })}>
            {m.backToList}
          </HrefLink>
        ) : null}
      </div>

      <Dialog
        role="alertdialog"
        title={m.confirmTitle}
        isOpen={confirming}
        onOpenChange={(isOpen) => {
          if (!isOpen && !submitting) actor.send({ type: 'submit.cancel' });
        }}
      >
        <p>{m.confirm}</p>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onPress={() => actor.send({ type: 'submit.cancel' })} isDisabled={submitting}>
            {m.confirmBack}
          </Button>
          <Button onPress={() => actor.send({ type: 'submit.confirm' })} isDisabled={submitting}>
            {submitting ? m.submitting : m.confirmSend}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
