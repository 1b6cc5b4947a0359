import { beforeAll, expect } from 'vitest';
import { createActor, fromCallback, type AnyEventObject } from 'xstate';
import type { Evaluation } from '../../domain/evaluation.ts';
import { evaluationMessages } from '../../domain/messages/evaluation.ts';
import type { FieldMessage } from '../../domain/validation.ts';
import type { DraftSyncInput, DraftSyncReport } from '../../machines/draft-sync/types.ts';
import { evaluationMachine } from '../../machines/evaluation/evaluation.machine.ts';
import { selectEvaluationView, selectIsReadOnly, type EvaluationSnapshot } from '../../machines/evaluation/selectors.ts';
import type { EvaluationEvent, EvaluationInput, HandOverRefusal } from '../../machines/evaluation/types.ts';
import { applyStep, controlledActors } from '../support/controlledActors.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge, recordTakenTransitions } from '../support/machineGraph.ts';

// Fixtures, checked by tsc: a new event without fixtures fails the type check.
type EventFixtures = { [K in EvaluationEvent['type']]: readonly Extract<EvaluationEvent, { type: K }>[] };

const report = (state: DraftSyncReport['state'], error: string | null = null): DraftSyncReport => ({
  state,
  asking: state === 'conflict',
  error,
  savedAt: state === 'idle' ? '2026-12-06T10:00:00.000Z' : null,
});

const eventFixtures = {
  'answers.change': [{ type: 'answers.change', answers: { verificaSoggetto: 'si' } }],
  'draft.save': [{ type: 'draft.save' }],
  'draft.reload': [{ type: 'draft.reload' }],
  'conflict.keepEditing': [{ type: 'conflict.keepEditing' }],
  'handover.open': [{ type: 'handover.open' }],
  'handover.confirm': [{ type: 'handover.confirm' }],
  'handover.cancel': [{ type: 'handover.cancel' }],
  // The sync: typing not saved yet, saved, or refused because another administrator saved meanwhile.
  'draftSync.report': [
    { type: 'draftSync.report', sync: 'sync', report: report('pending') },
    { type: 'draftSync.report', sync: 'sync', report: report('saving') },
    { type: 'draftSync.report', sync: 'sync', report: report('idle') },
    { type: 'draftSync.report', sync: 'sync', report: report('conflict', evaluationMessages.stale) },
  ],
  'draftSync.reloaded': [{ type: 'draftSync.reloaded', sync: 'sync', payload: { verificaSoggetto: 'no' } }],
} as const satisfies EventFixtures;

const evaluation = (handedOverAt: string | null): Evaluation => ({
  compilazioneId: '11111111-1111-4111-8111-111111111111',
  definition: { id: 7, name: 'Valutazione-Pui', version: 1, title: 'Valutazione', json: { pages: [] } },
  answers: { esitoProposto: 'AMMISSIBILE' },
  version: 3,
  updatedAt: '2026-12-06T09:00:00.000Z',
  updatedByName: 'Anna Verdi',
  handedOverAt,
  handedOverByName: handedOverAt ? 'Anna Verdi' : null,
  outcome: handedOverAt ? 'AMMISSIBILE' : null,
  outcomeNote: handedOverAt ? 'Requisiti soddisfatti' : null,
  weightedScore: handedOverAt ? 80 : null,
});
const HANDED_OVER = evaluation('2026-12-06T10:05:00.000Z');
const issue: FieldMessage = { field: 'notaEsito', message: 'Nota sull’esito proposto: Campo obbligatorio' };
const refusals: HandOverRefusal[] = [{ message: evaluationMessages.incomplete, issues: [issue] }, { message: evaluationMessages.stale }];

type ActorEvent =
  { type: 'xstate.done.actor.handOver'; output: Evaluation } | { type: 'xstate.error.actor.handOver'; error: HandOverRefusal };
type GraphEvent = EvaluationEvent | ActorEvent;

const graphEvents: GraphEvent[] = [
  ...Object.values(eventFixtures).flat(),
  { type: 'xstate.done.actor.handOver', output: HANDED_OVER },
  ...refusals.map((error) => ({ type: 'xstate.error.actor.handOver' as const, error })),
];

/** A sync that does nothing: the graph follows this machine's own transitions (the draft sync has its own paths). */
const quiet = fromCallback<AnyEventObject, DraftSyncInput>(() => () => {});
const quietMachine = evaluationMachine.provide({ actors: { evaluationSync: quiet as never } });

const traversal = (input: EvaluationInput) => ({
  input,
  events: graphEvents as EvaluationEvent[],
  filterEvents: (snapshot: EvaluationSnapshot, event: EvaluationEvent) => {
    if (!snapshot.can(event)) return false;
    const { sync, reloads } = snapshot.context;
    // A report that changes nothing is walked where it first can be; a conflict follows a change being saved.
    // The sync reports while the form is open or its last answers are being stored (elsewhere it changes nothing).
    if (event.type === 'draftSync.report') {
      if (event.report.state === sync.state) return false;
      if (!snapshot.matches({ editing: 'open' }) && !snapshot.matches({ editing: 'flushing' })) return false;
      // Saving is walked while the last answers are stored (the hand-over goes on waiting).
      if (event.report.state === 'saving') return snapshot.matches({ editing: 'flushing' }) && sync.state === 'pending';
      if (event.report.state === 'conflict') return sync.state === 'pending' && snapshot.matches({ editing: 'flushing' });
      return true;
    }
    // Ricarica, and what it brought, follow a conflict, once.
    if (event.type === 'draft.reload' || event.type === 'conflict.keepEditing') return sync.state === 'conflict';
    if (event.type === 'draftSync.reloaded') return sync.state === 'conflict' && reloads === 0 && snapshot.matches({ editing: 'open' });
    // A refusal is walked once; the form is opened again after one.
    if (event.type === 'handover.open') return snapshot.context.error === null || sync.state !== 'conflict';
    if (event.type === 'answers.change' || event.type === 'draft.save') return snapshot.matches({ editing: 'open' });
    return true;
  },
});

const walks = [{ name: 'not handed over', input: { evaluation: evaluation(null) } }].map(({ name, input }) => ({
  name,
  input,
  ...pathsCoveringEveryEdge(quietMachine, traversal(input)),
}));

const takenTransitions = new Set<string>();

// Handed over already: there is nothing to walk (the form is only read), so the start is replayed once here.
beforeAll(() => {
  const { actor, syncsStarted } = startReplay({ evaluation: HANDED_OVER });
  expect(selectEvaluationView(actor.getSnapshot())).toMatchObject({ readOnly: true, handedOver: HANDED_OVER, canHandOver: false });
  expect(syncsStarted).toEqual([]);
  actor.stop();
});

function startReplay(input: EvaluationInput) {
  const forwarded: AnyEventObject[] = [];
  const syncsStarted: DraftSyncInput[] = [];
  const host: string[] = [];
  const controls = controlledActors();
  const handOvers: unknown[] = [];
  const actor = createActor(
    evaluationMachine.provide({
      actors: {
        // A stand-in for the draft sync: it records what the machine tells it; its reports are the graph's events.
        evaluationSync: fromCallback<AnyEventObject, DraftSyncInput>(({ input: child, receive }) => {
          syncsStarted.push(child);
          receive((command) => forwarded.push(command));
        }) as never,
        handOver: controls.promise<Evaluation, void>((request) => handOvers.push(request)),
      },
      actions: { handedOver: () => void host.push('handedOver') },
    }),
    { input, inspect: recordTakenTransitions(takenTransitions) },
  );
  actor.start();
  return { actor, forwarded, syncsStarted, host, handOvers, apply: (event: GraphEvent) => applyStep(actor, controls, event) };
}

const describeEvent = (event: GraphEvent) => {
  if (event.type === 'draftSync.report') return `sync(${event.report.state})`;
  if (event.type === 'draftSync.reloaded') return 'reloaded';
  if (event.type === 'xstate.error.actor.handOver') return `refused(${event.error.issues ? 'issues' : 'message'})`;
  return event.type.replace(/^xstate\./, '');
};

describeMachinePaths({
  title: 'evaluation machine',
  machine: evaluationMachine,
  walks,
  maxPaths: 120,
  name: (path) =>
    `${JSON.stringify(path.state.value)} via ${
      path.steps
        .slice(1)
        .map((step) => describeEvent(step.event as GraphEvent))
        .join(' → ') || '(start)'
    }`,
  taken: () => takenTransitions,
  replay: async (path, { input }) => {
    const { actor, forwarded, syncsStarted, host, handOvers, apply } = startReplay(input);
    // Handed over already: only read, no sync; otherwise the sync starts once from the stored version.
    expect(selectIsReadOnly(actor.getSnapshot())).toBe(input.evaluation.handedOverAt !== null);
    for (const step of path.steps.slice(1)) {
      const before = actor.getSnapshot();
      const sent = forwarded.length;
      const event = step.event as GraphEvent;
      await apply(event);
      const after = actor.getSnapshot();
      expect(after.value).toEqual(step.state.value);
      expect(syncsStarted).toEqual(input.evaluation.handedOverAt ? [] : [{ version: input.evaluation.version }]);
      // What is typed, "Salva ora" and the answer to a conflict go to the sync, as they are.
      if (event.type === 'answers.change') expect(forwarded.slice(sent)).toEqual([{ type: 'draft.changed', values: event.answers }]);
      if (event.type === 'draft.save' || event.type === 'draft.reload' || event.type === 'conflict.keepEditing') {
        expect(forwarded.slice(sent)).toEqual([{ type: event.type }]);
      }
      // Confirmed with answers not stored yet: they are saved first, and the hand-over waits for them.
      if (event.type === 'handover.confirm') {
        if (before.context.sync.state === 'idle') {
          expect(after.matches({ editing: 'handingOver' })).toBe(true);
          expect(forwarded.slice(sent)).toEqual([]);
        } else {
          expect(after.matches({ editing: 'flushing' })).toBe(true);
          expect(forwarded.slice(sent)).toEqual([{ type: 'draft.save' }]);
        }
      }
      // The hand-over is asked only once the sync says everything is stored.
      if (after.matches({ editing: 'handingOver' }) && !before.matches({ editing: 'handingOver' })) {
        expect(after.context.sync.state).toBe('idle');
        expect(handOvers).toHaveLength(1);
      }
      // Stuck while storing the last answers: back to the form, saying why, nothing handed over.
      if (before.matches({ editing: 'flushing' }) && after.matches({ editing: 'open' })) {
        expect(after.context.error).toBe(evaluationMessages.stale);
        expect(handOvers).toEqual([]);
      }
      if (event.type === 'xstate.error.actor.handOver') {
        expect(selectEvaluationView(after)).toMatchObject({
          error: event.error.message,
          issues: event.error.issues ?? [],
          canHandOver: true,
        });
      }
      if (event.type === 'handover.open') expect(after.context).toMatchObject({ error: null, issues: [] });
      if (event.type === 'xstate.done.actor.handOver') {
        expect(selectEvaluationView(after)).toMatchObject({ readOnly: true, handedOver: HANDED_OVER, canHandOver: false });
        expect(host).toEqual(['handedOver']);
      }
      if (event.type === 'draftSync.reloaded') {
        expect(after.context).toMatchObject({ reloaded: event.payload, reloads: before.context.reloads + 1 });
      }
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    expect(snapshot.context).toEqual(path.state.context);
    // Read-only exactly when the server handed it over.
    expect(selectIsReadOnly(snapshot)).toBe(snapshot.context.handedOver !== null);
    actor.stop();
  },
});
