import { expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { surveyMessages } from '../../domain/messages/survey.ts';
import type { SurveyIssue } from '../../domain/surveys.ts';
import { surveyWizardMachine } from '../../machines/survey-wizard/surveyWizard.machine.ts';
import {
  selectCanSubmit,
  selectCurrentStep,
  selectIsConfirming,
  selectIsEditable,
  selectSteps,
  selectTypedAnswers,
  type SurveyWizardSnapshot,
} from '../../machines/survey-wizard/selectors.ts';
import type {
  AnswersSyncCommand,
  AnswersSyncInput,
  SubmitRefusal,
  SubmitSurveyInput,
  SurveyWizardEvent,
  SurveyWizardInput,
  SurveyWizardLoaded,
} from '../../machines/survey-wizard/types.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge, recordTakenTransitions } from '../support/machineGraph.ts';

type EventFixtures = { [K in SurveyWizardEvent['type']]: readonly Extract<SurveyWizardEvent, { type: K }>[] };

const eventFixtures = {
  'step.next': [{ type: 'step.next' }],
  'step.back': [{ type: 'step.back' }],
  'step.select': [
    { type: 'step.select', step: 'istruttoria' },
    { type: 'step.select', step: 'gresb' },
    { type: 'step.select', step: 'dnsh' },
    { type: 'step.select', step: 'submit' },
  ],
  'answers.change': [
    { type: 'answers.change', part: 'istruttoria', answers: { cup: 'J31B21001230006' } },
    { type: 'answers.change', part: 'gresb', answers: { quotaRinnovabili: 45 } },
  ],
  // One survey's saves stand for both (the guard reads them alike): pending, then settled.
  'sync.state': [
    { type: 'sync.state', part: 'gresb', state: 'conflict' },
    { type: 'sync.state', part: 'gresb', state: 'idle' },
  ],
  'attachments.changed': [{ type: 'attachments.changed', valid: true }],
  'submit.open': [{ type: 'submit.open' }],
  'submit.confirm': [{ type: 'submit.confirm' }],
  'submit.cancel': [{ type: 'submit.cancel' }],
  'failure.dismiss': [{ type: 'failure.dismiss' }],
  retry: [{ type: 'retry' }],
} as const satisfies EventFixtures;

const issue = (surveyName: string, question: string): SurveyIssue => ({
  surveyName,
  surveyTitle: surveyName,
  question,
  title: question,
  page: 'p1',
  message: 'Campo obbligatorio',
});
const refusals: SubmitRefusal[] = [
  { message: 'Mancano risposte obbligatorie', issues: [issue('Istruttoria-Pui', 'cup')] },
  { message: 'Mancano risposte obbligatorie', issues: [issue('Gresb-Pui', 'quotaRinnovabili')] },
  { message: surveyMessages.failed },
];

type ActorEvent =
  | { type: 'xstate.done.actor.loadSurveys'; output: SurveyWizardLoaded }
  | { type: 'xstate.error.actor.loadSurveys'; error: { message: string } }
  | { type: 'xstate.done.actor.submitSurvey'; output: undefined }
  | { type: 'xstate.error.actor.submitSurvey'; error: SubmitRefusal };
type GraphEvent = SurveyWizardEvent | ActorEvent;

const graphEvents: GraphEvent[] = [
  ...Object.values(eventFixtures).flat(),
  { type: 'xstate.done.actor.loadSurveys', output: { attachmentsValid: false } },
  { type: 'xstate.error.actor.loadSurveys', error: { message: 'offline' } },
  { type: 'xstate.done.actor.submitSurvey', output: undefined },
  ...refusals.map((error) => ({ type: 'xstate.error.actor.submitSurvey' as const, error })),
];

/** Children that do nothing: the graph only follows this machine's own transitions. */
const quietMachine = surveyWizardMachine.provide({
  actors: { answersSync: fromCallback<AnswersSyncCommand, AnswersSyncInput>(() => () => {}) },
});

const traversal = (input: SurveyWizardInput) => ({
  input,
  events: graphEvents as SurveyWizardEvent[],
  filterEvents: (snapshot: SurveyWizardSnapshot, event: SurveyWizardEvent) => snapshot.can(event),
  // What the person typed rides along but decides no transition: snapshots that differ only in it are one state.
  serializeState: ({ value, context }: SurveyWizardSnapshot) => JSON.stringify({ value, context: { ...context, typed: undefined } }),
});

const walks = (
  [
    { name: 'review, applicant', input: { mode: 'review', access: 'edit' } },
    { name: 'monitoring, applicant', input: { mode: 'monitoring', access: 'edit' } },
    { name: 'review, read-only', input: { mode: 'review', access: 'readOnly' } },
    { name: 'review, admin', input: { mode: 'review', access: 'admin' } },
    { name: 'monitoring, admin', input: { mode: 'monitoring', access: 'admin' } },
  ] as const
).map(({ name, input }) => ({ name, input, ...pathsCoveringEveryEdge(quietMachine, traversal(input)) }));

const takenTransitions = new Set<string>();

function startReplay(input: SurveyWizardInput) {
  const forwarded: { part: string; command: AnswersSyncCommand }[] = [];
  const submitted: SubmitSurveyInput[] = [];
  const host: string[] = [];
  const pending: Record<'loadSurveys' | 'submitSurvey', { resolve: (value: never) => void; reject: (error: unknown) => void } | null> = {
    loadSurveys: null,
    submitSurvey: null,
  };
  const waitFor = (id: keyof typeof pending) =>
    new Promise<never>((resolve, reject) => {
      pending[id] = { resolve, reject };
    });
  const actor = createActor(
    surveyWizardMachine.provide({
      actors: {
        loadSurveys: fromPromise<SurveyWizardLoaded, SurveyWizardInput>(() => waitFor('loadSurveys')),
        submitSurvey: fromPromise<void, SubmitSurveyInput>(({ input: request }) => {
          submitted.push(request);
          return waitFor('submitSurvey');
        }),
        answersSync: fromCallback<AnswersSyncCommand, AnswersSyncInput>(({ input: child, receive }) => {
          receive((command) => forwarded.push({ part: child.part, command }));
        }),
      },
      actions: {
        refreshAnswers: () => void host.push('refresh'),
        notifyCompleted: () => void host.push('completed'),
        notifyFailed: ({ context }) => void host.push(`failed: ${context.error}`),
      },
    }),
    { input, inspect: recordTakenTransitions(takenTransitions) },
  );
  actor.start();
  async function apply(event: GraphEvent) {
    if (event.type.startsWith('xstate.')) {
      const id = event.type.endsWith('loadSurveys') ? 'loadSurveys' : 'submitSurvey';
      const running = pending[id];
      if (!running) throw new Error(`${id} is not running`);
      pending[id] = null;
      if (event.type.startsWith('xstate.done')) running.resolve((event as unknown as { output: never }).output);
      else running.reject((event as unknown as { error: unknown }).error);
    } else {
      actor.send(event as SurveyWizardEvent);
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { actor, forwarded, submitted, host, apply };
}

const describeEvent = (event: GraphEvent) => {
  if (event.type === 'step.select') return `select(${event.step})`;
  if (event.type === 'answers.change') return `answers(${event.part})`;
  if (event.type === 'sync.state') return `sync(${event.part}:${event.state})`;
  if (event.type === 'attachments.changed') return `attachments(${event.valid})`;
  if (event.type === 'xstate.error.actor.submitSurvey') return `refused(${event.error.issues?.[0]?.surveyName ?? 'attachments'})`;
  return event.type.replace(/^xstate\./, '');
};

describeMachinePaths({
  title: 'survey wizard',
  machine: surveyWizardMachine,
  walks,
  name: (path) =>
    `${JSON.stringify(path.state.value)} via ${
      path.steps
        .slice(1)
        .map((s) => describeEvent(s.event as GraphEvent))
        .join(' → ') || '(start)'
    }`,
  taken: () => takenTransitions,
  replay: async (path, { input }) => {
    const { actor, forwarded, submitted, host, apply } = startReplay(input);
    for (const step of path.steps.slice(1)) {
      const before = actor.getSnapshot();
      const refreshes = host.filter((h) => h === 'refresh').length;
      const forwardedBefore = forwarded.length;
      const event = step.event as GraphEvent;
      await apply(event);
      const after = actor.getSnapshot();
      expect(after.value).toEqual(step.state.value);

      // Every step change refreshes the stored answers (spec §2).
      const movesStep = event.type.startsWith('step.') || event.type === 'failure.dismiss';
      if (movesStep) expect(host.filter((h) => h === 'refresh').length).toBe(refreshes + 1);
      // Steps the mode hides are never shown: no DNSH in monitoring, no Invia when read-only or admin.
      const current = selectCurrentStep(after);
      if (current) expect(selectSteps(after)).toContain(current);
      if (input.mode === 'monitoring') expect(selectSteps(after)).not.toContain('dnsh');
      if (input.access !== 'edit') {
        expect(selectSteps(after)).not.toContain('submit');
        expect(selectIsEditable(after)).toBe(false);
      }
      // Answers reach the survey's own sync child, only while editable.
      if (event.type === 'answers.change' && selectIsEditable(before)) {
        expect(forwarded.slice(forwardedBefore)).toEqual([
          { part: event.part, command: { type: 'answers.change', answers: event.answers } },
        ]);
        // Kept for the survey shown again (the stored answers lag behind while a save is on its way).
        expect(after.context.typed[event.part]).toEqual(event.answers);
      }
      if (current === 'istruttoria' || current === 'gresb') expect(selectTypedAnswers(after)).toBe(after.context.typed[current]);
      else expect(selectTypedAnswers(after)).toBeUndefined();
      // The confirmation opens only with the attachments there and nothing pending or in conflict.
      if (selectIsConfirming(after) && !selectIsConfirming(before)) {
        expect(before.context.attachmentsValid).toBe(true);
        expect(before.context.sync).toEqual({ istruttoria: 'idle', gresb: 'idle' });
      }
      if (event.type === 'submit.confirm') expect(submitted).toEqual([{ mode: input.mode }]);
      if (after.matches('completed')) expect(host.at(-1)).toBe('completed');
      if (after.matches('submitFailed') && !before.matches('submitFailed')) {
        const refusal = (event as { error: SubmitRefusal }).error;
        expect(host.at(-1)).toBe(`failed: ${refusal.message}`);
      }
      // A refusal takes the person to the first missing answer, or to the DNSH slots.
      if (event.type === 'failure.dismiss') {
        const first = before.context.issues[0]?.surveyName;
        const expected = first?.startsWith('Istruttoria')
          ? 'istruttoria'
          : first?.startsWith('Gresb')
            ? 'gresb'
            : input.mode === 'review'
              ? 'dnsh'
              : 'submit';
        expect(selectCurrentStep(after)).toBe(expected);
        expect(after.context.error).toBeNull();
      }
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    expect(snapshot.context).toEqual(path.state.context);
    if (selectCanSubmit(snapshot)) expect(snapshot.context.attachmentsValid).toBe(true);
    actor.stop();
  },
  coverage: () => {
    it('refuses to run without its actors', async () => {
      const actor = createActor(surveyWizardMachine, { input: { mode: 'review', access: 'edit' } });
      actor.start();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(actor.getSnapshot().value).toBe('loadFailed');
      actor.stop();
    });
  },
});
