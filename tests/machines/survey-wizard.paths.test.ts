import { expect, it } from 'vitest';
import { createActor, fromCallback, type AnyEventObject } from 'xstate';
import { surveyMessages } from '../../domain/messages/survey.ts';
import type { SurveyIssue } from '../../domain/surveys.ts';
import { toSubmitRefusal } from '../../machines/survey-wizard/actors.ts';
import { surveyWizardMachine } from '../../machines/survey-wizard/surveyWizard.machine.ts';
import {
  selectBackLink,
  selectCanSubmit,
  selectCurrentStep,
  selectIsConfirming,
  selectIsEditable,
  selectSteps,
  selectStepStates,
  selectTypedAnswers,
  type SurveyWizardSnapshot,
} from '../../machines/survey-wizard/selectors.ts';
import type { DraftSyncInput } from '../../machines/draft-sync/types.ts';
import type {
  SubmitRefusal,
  SurveyPart,
  SubmitSurveyInput,
  SurveyWizardEvent,
  SurveyWizardInput,
  SurveyWizardLoaded,
} from '../../machines/survey-wizard/types.ts';
import { applyStep, controlledActors, settled } from '../support/controlledActors.ts';
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
  'draft.reload': [{ type: 'draft.reload' }],
  // One survey's sync stands for both (the guard reads them alike): in conflict, then settled.
  'draftSync.report': [
    {
      type: 'draftSync.report',
      sync: 'sync.gresb',
      report: { state: 'conflict', asking: true, error: surveyMessages.stale, savedAt: null },
    },
    {
      type: 'draftSync.report',
      sync: 'sync.gresb',
      report: { state: 'idle', asking: false, error: null, savedAt: '2026-05-04T10:00:00.000Z' },
    },
  ],
  // Ricarica brought what another tab stored.
  'draftSync.reloaded': [{ type: 'draftSync.reloaded', sync: 'sync.gresb', payload: { quotaRinnovabili: 50 } }],
  'attachments.changed': [{ type: 'attachments.changed', valid: true }],
  // The server's check: Gresb misses an answer, a DNSH declaration is not uploaded.
  'check.changed': [{ type: 'check.changed', check: { incomplete: ['gresb'], missingAttachments: true } }],
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

/** Children that do nothing: the graph only follows this machine's own transitions (the draft sync has its own paths). */
const quiet = fromCallback<AnyEventObject, DraftSyncInput>(() => () => {});
const quietMachine = surveyWizardMachine.provide({ actors: { istruttoriaSync: quiet as never, gresbSync: quiet as never } });

const ridesAlong = (context: SurveyWizardSnapshot['context']) => ({
  ...context,
  typed: undefined,
  showsMissingAttachments: undefined,
  check: undefined,
});

const traversal = (input: SurveyWizardInput) => ({
  input,
  events: graphEvents as SurveyWizardEvent[],
  // The syncs report while the answers may change: before and after, what they say changes nothing but the Invia
  // the wizard does not offer then.
  filterEvents: (snapshot: SurveyWizardSnapshot, event: SurveyWizardEvent) => {
    if (!snapshot.can(event)) return false;
    // Answers change, and their syncs report, while a survey is shown and may be answered.
    const onSurvey = selectIsEditable(snapshot) && ['istruttoria', 'gresb'].includes(selectCurrentStep(snapshot) ?? '');
    if (event.type === 'answers.change' || event.type.startsWith('draft')) {
      if (!onSurvey) return false;
    }
    // A report or an attachments check that changes nothing is walked where it first can be, not from every state.
    if (event.type === 'attachments.changed') return event.valid !== snapshot.context.attachmentsValid;
    // The server's check rides along (it decides no transition): walked once, on the first step.
    if (event.type === 'check.changed') return snapshot.context.check === null && selectCurrentStep(snapshot) === 'istruttoria';
    if (event.type === 'draftSync.report' && event.report.state === snapshot.context.sync.gresb) return false;
    // Ricarica follows a conflict, once, on the survey it is about (in the review: monitoring takes the same transitions).
    if (event.type === 'draftSync.reloaded') {
      const { context } = snapshot;
      return (
        context.sync.gresb === 'conflict' && context.reloads === 0 && selectCurrentStep(snapshot) === 'gresb' && context.mode === 'review'
      );
    }
    return true;
  },
  // What the person typed, and whether a missing DNSH declaration is pointed out (checked on every step of every
  // path), ride along but decide no transition: snapshots that differ only in them are one state.
  serializeState: ({ value, context }: SurveyWizardSnapshot) => JSON.stringify({ value, context: ridesAlong(context) }),
});

// Istruttoria was saved twice before; Gresb never.
const versions = { istruttoria: 2, gresb: 0 };

const walks = (
  [
    { name: 'review, applicant', input: { mode: 'review', access: 'edit', versions } },
    { name: 'monitoring, applicant', input: { mode: 'monitoring', access: 'edit', versions } },
    { name: 'review, read-only', input: { mode: 'review', access: 'readOnly', versions } },
    { name: 'review, admin', input: { mode: 'review', access: 'admin', versions } },
    { name: 'monitoring, admin', input: { mode: 'monitoring', access: 'admin', versions } },
  ] as const
).map(({ name, input }) => ({ name, input, ...pathsCoveringEveryEdge(quietMachine, traversal(input)) }));

const takenTransitions = new Set<string>();

function startReplay(input: SurveyWizardInput) {
  const forwarded: { part: SurveyPart; command: AnyEventObject }[] = [];
  const syncsStarted: { part: SurveyPart; input: DraftSyncInput }[] = [];
  // A stand-in for a survey's draft sync: it records what the wizard tells it; its reports are the graph's events.
  const recordingSync = (part: SurveyPart) =>
    fromCallback<AnyEventObject, DraftSyncInput>(({ input: child, receive }) => {
      syncsStarted.push({ part, input: child });
      receive((command) => forwarded.push({ part, command }));
    }) as never;
  const submitted: SubmitSurveyInput[] = [];
  const host: string[] = [];
  const controls = controlledActors();
  const actor = createActor(
    surveyWizardMachine.provide({
      actors: {
        loadSurveys: controls.promise<SurveyWizardLoaded, SurveyWizardInput>(),
        submitSurvey: controls.promise<void, SubmitSurveyInput>((request) => submitted.push(request)),
        istruttoriaSync: recordingSync('istruttoria'),
        gresbSync: recordingSync('gresb'),
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
  async function apply(event: GraphEvent): Promise<void> {
    await applyStep(actor, controls, event);
  }
  return { actor, forwarded, syncsStarted, submitted, host, apply };
}

const describeEvent = (event: GraphEvent) => {
  if (event.type === 'step.select') return `select(${event.step})`;
  if (event.type === 'answers.change') return `answers(${event.part})`;
  if (event.type === 'draftSync.report') return `sync(${event.sync}:${event.report.state})`;
  if (event.type === 'draftSync.reloaded') return `reloaded(${event.sync})`;
  if (event.type === 'attachments.changed') return `attachments(${event.valid})`;
  if (event.type === 'check.changed') return 'check';
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
    const { actor, forwarded, syncsStarted, submitted, host, apply } = startReplay(input);
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
      // The step indicators say done or incomplete once the server's check answered, as it says; Invia never.
      const check = after.context.check;
      expect(selectStepStates(after)).toEqual(
        selectSteps(after).map((step) => ({
          step,
          done: check === null || step === 'submit' ? null : step === 'dnsh' ? !check.missingAttachments : !check.incomplete.includes(step),
        })),
      );
      if (event.type === 'check.changed') {
        expect(selectStepStates(after).map(({ done }) => done)).toEqual(
          selectSteps(after).map((step) => (step === 'istruttoria' ? true : step === 'submit' ? null : false)),
        );
      }
      // The way back ('Torna ai fondi', 'Torna alla lista') is on the last step, for who cannot hand over.
      const onLastStep = current !== null && selectSteps(after).at(-1) === current;
      expect(selectBackLink(after)?.to ?? null).toBe(
        onLastStep && input.access === 'readOnly' ? '/calls' : onLastStep && input.access === 'admin' ? '/admin-panel' : null,
      );
      // Each survey's sync starts from its stored version, once for the whole visit: a refused submit keeps it.
      expect(syncsStarted).toEqual([
        { part: 'istruttoria', input: { version: input.versions.istruttoria } },
        { part: 'gresb', input: { version: input.versions.gresb } },
      ]);
      // Answers reach the survey's own sync child, only while editable, and are saved at once.
      if (event.type === 'answers.change' && selectIsEditable(before)) {
        expect(forwarded.slice(forwardedBefore)).toEqual([
          { part: event.part, command: { type: 'draft.changed', values: event.answers } },
          { part: event.part, command: { type: 'draft.save' } },
        ]);
        // Kept for the survey shown again (the stored answers lag behind while a save is on its way).
        expect(after.context.typed[event.part]).toEqual(event.answers);
      }
      // Ricarica goes to both syncs (one not in conflict ignores it); what they reload is shown, built again.
      if (event.type === 'draft.reload') {
        expect(forwarded.slice(forwardedBefore)).toEqual([
          { part: 'istruttoria', command: { type: 'draft.reload' } },
          { part: 'gresb', command: { type: 'draft.reload' } },
        ]);
      }
      if (event.type === 'draftSync.reloaded') {
        expect(after.context.typed.gresb).toEqual(event.payload);
        expect(after.context.reloads).toBe(before.context.reloads + 1);
      }
      // A missing DNSH declaration is pointed out once the person went on from DNSH or reached Invia, and from then on.
      const leftDnsh = selectCurrentStep(before) === 'dnsh' && selectCurrentStep(after) !== 'dnsh';
      if (leftDnsh || selectCurrentStep(after) === 'submit') expect(after.context.showsMissingAttachments).toBe(true);
      if (before.context.showsMissingAttachments) expect(after.context.showsMissingAttachments).toBe(true);
      else if (!leftDnsh && selectCurrentStep(after) !== 'submit') expect(after.context.showsMissingAttachments).toBe(false);
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
    expect({ ...snapshot.context, showsMissingAttachments: undefined }).toEqual({
      ...path.state.context,
      showsMissingAttachments: undefined,
    });
    if (selectCanSubmit(snapshot)) expect(snapshot.context.attachmentsValid).toBe(true);
    actor.stop();
  },
  coverage: () => {
    it('maps a refused hand-over: the reason, and for a 422 the missing answers the server names', async () => {
      const missing = [issue('Gresb-Pui', 'quotaRinnovabili')];
      const readIssues = () => Promise.resolve(missing);
      const refused = Object.assign(new Error('Mancano risposte obbligatorie'), { status: 422 });
      await expect(toSubmitRefusal(refused, { mode: 'review' }, readIssues)).resolves.toEqual({
        message: 'Mancano risposte obbligatorie',
        issues: missing,
      });
      const conflict = Object.assign(new Error('Stato cambiato'), { status: 409 });
      await expect(toSubmitRefusal(conflict, { mode: 'review' }, readIssues)).resolves.toEqual({ message: 'Stato cambiato' });
      await expect(toSubmitRefusal('offline', { mode: 'review' }, readIssues)).resolves.toEqual({ message: surveyMessages.failed });
      await expect(toSubmitRefusal('offline', { mode: 'monitoring' }, readIssues)).resolves.toEqual({
        message: surveyMessages.monitoringFailed,
      });
      // The check cannot be read: the refusal still says why, without answers to point to.
      await expect(toSubmitRefusal(refused, { mode: 'review' }, () => Promise.reject(new Error('offline')))).resolves.toEqual({
        message: 'Mancano risposte obbligatorie',
        issues: [],
      });
    });

    it('refuses to run without its actors', async () => {
      const actor = createActor(surveyWizardMachine, { input: { mode: 'review', access: 'edit', versions } });
      actor.start();
      await settled();
      expect(actor.getSnapshot().value).toBe('loadFailed');
      actor.stop();
    });
  },
});
