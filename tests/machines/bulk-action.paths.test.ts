import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { BulkAction, BulkFilters } from '../../domain/bulkActions.ts';
import { bulkActionsMessages } from '../../domain/messages/bulkActions.ts';
import { bulkActionMachine } from '../../machines/bulk-action/bulkAction.machine.ts';
import { selectBulkActionView, type BulkActionSnapshot } from '../../machines/bulk-action/selectors.ts';
import type { BulkActionEvent, StartActionInput } from '../../machines/bulk-action/types.ts';
import { applyStep, controlledActors } from '../support/controlledActors.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge, recordTakenTransitions } from '../support/machineGraph.ts';

type EventFixtures = { [K in BulkActionEvent['type']]: readonly Extract<BulkActionEvent, { type: K }>[] };

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const filters = { q: 'comune', statuses: ['CANDIDATURA_SOTTOMESSA' as const] };

const eventFixtures = {
  'selection.toggle': [{ type: 'selection.toggle', id: A }],
  'selection.page': [
    { type: 'selection.page', ids: [A, B], selected: true },
    { type: 'selection.page', ids: [A, B], selected: false },
  ],
  'selection.matching': [{ type: 'selection.matching', filters }],
  'selection.clear': [{ type: 'selection.clear' }],
  'action.choose': [
    { type: 'action.choose', kind: 'status' },
    { type: 'action.choose', kind: 'zip' },
  ],
  'target.change': [{ type: 'target.change', status: 'IN_VALUTAZIONE' }],
  'note.change': [
    { type: 'note.change', note: 'Avvio della valutazione' },
    { type: 'note.change', note: 'x'.repeat(1001) },
  ],
  'dialog.confirm': [{ type: 'dialog.confirm' }],
  'dialog.cancel': [{ type: 'dialog.cancel' }],
  'result.close': [{ type: 'result.close' }],
} as const satisfies EventFixtures;

const action = (over: Partial<BulkAction>): BulkAction => ({
  id: '33333333-3333-4333-8333-333333333333',
  kind: 'status',
  targetStatus: 'IN_VALUTAZIONE',
  note: null,
  createdAt: '2026-12-06T10:00:00.000Z',
  finishedAt: null,
  total: 2,
  done: 0,
  failed: 0,
  result: null,
  items: [],
  ...over,
});
const started = action({});
const halfway = action({ done: 1 });
const finished = action({ done: 2, finishedAt: '2026-12-06T10:00:05.000Z' });
const withFailure = action({ done: 1, failed: 1, finishedAt: '2026-12-06T10:00:05.000Z' });
const refused = { message: bulkActionsMessages.emptySelection };

type Completion =
  | { type: 'xstate.done.actor.findRunning'; output: BulkAction | null }
  | { type: 'xstate.error.actor.findRunning'; error: unknown }
  | { type: 'xstate.done.actor.countSelection'; output: number }
  | { type: 'xstate.error.actor.countSelection'; error: unknown }
  | { type: 'xstate.done.actor.startAction'; output: BulkAction }
  | { type: 'xstate.error.actor.startAction'; error: unknown }
  | { type: 'xstate.done.actor.pollAction'; output: BulkAction }
  | { type: 'xstate.error.actor.pollAction'; error: unknown };
type GraphEvent = BulkActionEvent | Completion;

const restoring: Completion[] = [
  { type: 'xstate.done.actor.findRunning', output: null },
  { type: 'xstate.done.actor.findRunning', output: halfway },
  { type: 'xstate.done.actor.findRunning', output: finished },
  { type: 'xstate.done.actor.findRunning', output: withFailure },
  { type: 'xstate.error.actor.findRunning', error: new Error('rete') },
];
const counting: Completion[] = [
  { type: 'xstate.done.actor.countSelection', output: 30 },
  { type: 'xstate.error.actor.countSelection', error: refused },
];
const running: Completion[] = [
  { type: 'xstate.done.actor.startAction', output: started },
  { type: 'xstate.error.actor.startAction', error: refused },
  { type: 'xstate.done.actor.pollAction', output: halfway },
  { type: 'xstate.done.actor.pollAction', output: finished },
  { type: 'xstate.done.actor.pollAction', output: withFailure },
  { type: 'xstate.error.actor.pollAction', error: new Error('rete') },
];

const traversalOf = (events: GraphEvent[]) => ({
  events: events as BulkActionEvent[],
  filterEvents: (snapshot: BulkActionSnapshot, event: BulkActionEvent) => snapshot.can(event),
});

// Two walks, so the paths stay few enough to read: the selection (one by one, a page, every match counted); and the
// action itself, from one ticked application to its result, or found again when the page opens.
const walks = [
  {
    name: 'selection',
    ...pathsCoveringEveryEdge(
      bulkActionMachine,
      traversalOf([
        { type: 'xstate.done.actor.findRunning', output: null },
        ...eventFixtures['selection.toggle'],
        ...eventFixtures['selection.page'],
        ...eventFixtures['selection.matching'],
        ...eventFixtures['selection.clear'],
        ...counting,
      ]),
    ),
  },
  {
    name: 'action',
    ...pathsCoveringEveryEdge(
      bulkActionMachine,
      traversalOf([
        ...restoring,
        ...eventFixtures['selection.toggle'],
        ...eventFixtures['action.choose'],
        ...eventFixtures['target.change'],
        ...eventFixtures['note.change'],
        ...eventFixtures['dialog.confirm'],
        ...eventFixtures['dialog.cancel'],
        ...eventFixtures['result.close'],
        ...running,
      ]),
    ),
  },
];

const takenTransitions = new Set<string>();

function startReplay() {
  const started: StartActionInput[] = [];
  const counted: unknown[] = [];
  const forgotten: string[] = [];
  const controls = controlledActors();
  const actor = createActor(
    bulkActionMachine.provide({
      actors: {
        findRunning: controls.promise<BulkAction | null, undefined>(),
        countSelection: controls.promise<number, { filters: BulkFilters }>((input) => counted.push(input.filters)),
        startAction: controls.promise<BulkAction, StartActionInput>((input) => started.push(input)),
        pollAction: controls.promise<BulkAction, { id: string }>(),
      },
      actions: { forgetResult: (_, params) => void forgotten.push(params.id) },
    }),
    { inspect: recordTakenTransitions(takenTransitions) },
  );
  actor.start();
  return { actor, started, counted, forgotten, apply: (event: GraphEvent) => applyStep(actor, controls, event) };
}

const describeEvent = (event: GraphEvent) =>
  event.type === 'selection.page'
    ? `page(${event.selected ? 'on' : 'off'})`
    : event.type === 'action.choose'
      ? `choose(${event.kind})`
      : event.type === 'note.change'
        ? `note(${event.note.length})`
        : 'output' in event && event.output && typeof event.output === 'object'
          ? `${event.type.replace(/^xstate\./, '')}(${event.output.finishedAt ? (event.output.failed ? 'failures' : 'finished') : 'running'})`
          : 'output' in event
            ? `${event.type.replace(/^xstate\./, '')}(${String(event.output)})`
            : event.type.replace(/^xstate\./, '');

describeMachinePaths({
  title: 'bulk-action machine',
  machine: bulkActionMachine,
  walks,
  maxPaths: 200,
  name: (path) =>
    `${JSON.stringify(path.state.value)} via ${
      path.steps
        .slice(1)
        .map((s) => describeEvent(s.event as GraphEvent))
        .join(' → ') || '(start)'
    }`,
  taken: () => takenTransitions,
  replay: async (path) => {
    const { actor, started, counted, forgotten, apply } = startReplay();
    for (const step of path.steps.slice(1)) {
      const before = actor.getSnapshot();
      await apply(step.event as GraphEvent);
      const after = actor.getSnapshot();
      expect(after.value).toEqual(step.state.value);
      const view = selectBulkActionView(after);
      // The dialog opens only on a selection, and says how many applications it acts on.
      if (after.matches('confirming') && !before.matches('confirming')) expect(selectBulkActionView(before).count).toBeGreaterThan(0);
      // Confirming sends exactly what was chosen: the ids, or the filters the server resolves.
      if (after.matches('starting')) {
        const { selection } = before.context;
        expect(started.at(-1)).toEqual({
          kind: before.context.kind,
          targetStatus: before.context.targetStatus,
          note: before.context.note,
          selection: selection.mode === 'ids' ? { ids: selection.ids } : { filters: selection.filters },
        });
        if (before.context.kind === 'status') expect(before.context.targetStatus).not.toBeNull();
      }
      if (step.event.type === 'selection.matching') expect(counted.at(-1)).toEqual(filters);
      // A page ticked then unticked leaves nothing selected; a ticked application is listed once.
      if (view.selectedIds) expect(new Set(view.selectedIds).size).toBe(view.selectedIds.length);
      expect(after.context.note.length).toBeLessThanOrEqual(1000);
      // The result says whether some failed; closing it clears the selection.
      expect(view.hasFailures).toBe(after.matches('withFailures'));
      // Closing it clears the selection, and the result is not shown again when the list opens.
      if (step.event.type === 'result.close') {
        expect(view.count).toBe(0);
        expect(forgotten.at(-1)).toBe(before.context.action?.id);
      }
      // A refusal to start keeps the dialog open with the server's reason.
      if ((step.event as GraphEvent).type === 'xstate.error.actor.startAction') expect(view.error).toBe(refused.message);
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    expect(snapshot.context).toEqual(path.state.context);
    actor.stop();
  },
});

describe('a bulk action left and found again (issue 44)', () => {
  it('shows the result of an action that finished while the administrator was away', async () => {
    const { actor, apply } = startReplay();
    await apply({ type: 'xstate.done.actor.findRunning', output: finished });
    expect(selectBulkActionView(actor.getSnapshot())).toMatchObject({ isFinished: true, hasFailures: false, action: finished });
    actor.stop();
  });

  it('goes straight to the progress of the running action, and to its failures when it ends', async () => {
    const { actor, apply } = startReplay();
    await apply({ type: 'xstate.done.actor.findRunning', output: halfway });
    expect(selectBulkActionView(actor.getSnapshot())).toMatchObject({ isRunning: true, action: halfway });
    await apply({ type: 'xstate.done.actor.pollAction', output: withFailure });
    expect(selectBulkActionView(actor.getSnapshot())).toMatchObject({ isFinished: true, hasFailures: true, action: withFailure });
    actor.stop();
  });
});
