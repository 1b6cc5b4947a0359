import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useId, useMemo } from 'react';
import { applicationStatusLabels } from '../../../domain/applicationStatus.ts';
import type { Evaluation } from '../../../domain/evaluation.ts';
import { italianDateAtTime, italianTime } from '../../../domain/italianDates.ts';
import { evaluationMessages as m } from '../../../domain/messages/evaluation.ts';
import { evaluationMachine } from '../../../machines/evaluation/evaluation.machine.ts';
import { selectEvaluationView } from '../../../machines/evaluation/selectors.ts';
import { evaluationQueries } from '../../api/evaluation.ts';
import { inspect } from '../../devtools/inspect.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { actions, facts, section } from './EvaluationSection.css.ts';
import { createEvaluationActors } from './evaluationActors.ts';
import { applicationQueries } from '../../api/applications.ts';

/** SurveyJS and the portal's renderer, the survey pages' own chunk: fetched when the form is shown. */
const SurveyRenderer = lazy(() => import('../review-survey/SurveyRenderer.tsx'));

/**
 * «Valutazione istruttoria» (issue 44): the administrators' own evaluation of the application, the fund's SurveyJS
 * form, below the read-only application. This file and SurveyJS load with it, never with the page's first load.
 */
export function EvaluationSection({ applicationId }: { applicationId: string }) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const headingId = useId();
  const query = useQuery(evaluationQueries.detail(api, applicationId));
  return (
    <section aria-labelledby={headingId} className={section}>
      <h2 id={headingId}>{m.title}</h2>
      <p>{m.description}</p>
      {query.data ? (
        <EvaluationForm key={applicationId} loaded={query.data} />
      ) : query.isError ? (
        <Alert tone="error">{m.loadFailed}</Alert>
      ) : (
        <Spinner label={m.loading} />
      )}
    </section>
  );
}

/** The form as it was loaded; from then on the evaluation machine holds it (the query is not read again here). */
function EvaluationForm({ loaded }: { loaded: Evaluation }) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const queryClient = useQueryClient();
  const provided = useMemo(
    () =>
      evaluationMachine.provide({
        actors: createEvaluationActors(api, loaded) as never,
        // The timeline lists the hand-over; the header's status change offers its proposal.
        actions: { handedOver: () => void queryClient.invalidateQueries({ queryKey: applicationQueries.all }) },
      }),
    // The machine is built once per loaded evaluation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api],
  );
  const actor = useActorRef(provided, { input: { evaluation: loaded }, inspect });
  const view = useSelector(actor, selectEvaluationView, shallowEqual);
  const onChange = useCallback((answers: Record<string, unknown>) => actor.send({ type: 'answers.change', answers }), [actor]);
  const shown = view.handedOver ?? loaded;
  const answers = view.readOnly ? shown.answers : (view.reloaded ?? loaded.answers);

  return (
    <>
      {view.readOnly && view.handedOver ? (
        <Alert tone="success" title={m.handedOverTitle}>
          {m.handedOverBy(view.handedOver.handedOverByName ?? '', italianDateAtTime(view.handedOver.handedOverAt!))}
        </Alert>
      ) : null}
      {view.readOnly && shown.outcome ? (
        <dl className={facts}>
          <dt>{m.summaryOutcome}</dt>
          <dd>{applicationStatusLabels[shown.outcome]}</dd>
          {shown.weightedScore !== null ? (
            <>
              <dt>{m.summaryScore}</dt>
              <dd>{shown.weightedScore.toLocaleString('it-IT', { maximumFractionDigits: 2 })}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {!view.readOnly ? <SaveState view={view} onSave={() => actor.send({ type: 'draft.save' })} /> : null}
      {!view.readOnly && view.sync.state === 'conflict' ? (
        <Alert tone="error">
          {m.conflict}{' '}
          <span className={actions}>
            <Button onPress={() => actor.send({ type: 'draft.reload' })}>{m.reload}</Button>
            {view.sync.asking ? (
              <Button variant="secondary" onPress={() => actor.send({ type: 'conflict.keepEditing' })}>
                {m.keepEditing}
              </Button>
            ) : null}
          </span>
        </Alert>
      ) : null}
      <Suspense fallback={<Spinner label={m.loading} />}>
        <SurveyRenderer
          key={`${view.readOnly ? 'read' : 'edit'}-${view.reloads}`}
          definition={shown.definition.json}
          initialAnswers={answers}
          readOnly={view.readOnly}
          onChange={view.readOnly ? undefined : onChange}
        />
      </Suspense>
      {view.error ? (
        <Alert tone="error" title={view.issues.length > 0 ? m.issuesTitle : m.handOverFailed}>
          {view.issues.length > 0 ? (
            <ul>
              {view.issues.map((issue) => (
                <li key={issue.field}>{issue.message}</li>
              ))}
            </ul>
          ) : (
            view.error
          )}
        </Alert>
      ) : null}
      {!view.readOnly ? (
        <div className={actions}>
          <Button onPress={() => actor.send({ type: 'handover.open' })} isDisabled={!view.canHandOver}>
            {m.handOver}
          </Button>
        </div>
      ) : null}
      <Dialog
        title={m.confirmTitle}
        role="alertdialog"
        isOpen={view.confirming}
        onOpenChange={(open) => {
          if (!open && !view.handingOver) actor.send({ type: 'handover.cancel' });
        }}
      >
        <p>{m.confirmText}</p>
        {view.handingOver ? <Spinner label={m.handingOver} /> : null}
        <div className={actions}>
          <Button onPress={() => actor.send({ type: 'handover.confirm' })} isDisabled={view.handingOver}>
            {m.confirm}
          </Button>
          <Button variant="secondary" onPress={() => actor.send({ type: 'handover.cancel' })} isDisabled={view.handingOver}>
            {m.cancel}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

/** Where the saving stands, on a line that is always there (text appearing above the survey would move it). */
function SaveState({ view, onSave }: { view: ReturnType<typeof selectEvaluationView>; onSave(): void }) {
  const { state, savedAt, error } = view.sync;
  const text =
    state === 'saving'
      ? m.saving
      : state === 'pending'
        ? m.pending
        : state === 'retrying'
          ? m.retrying
          : state === 'failed'
            ? (error ?? m.failed)
            : savedAt
              ? m.saved(italianTime(savedAt))
              : '';
  return (
    <div className={actions}>
      <p role="status" aria-live="polite">
        {text}
      </p>
      {state === 'failed' || state === 'retrying' ? (
        <Button variant="secondary" onPress={onSave}>
          {m.saveNow}
        </Button>
      ) : null}
    </div>
  );
}
