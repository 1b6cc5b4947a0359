import { expect } from 'vitest';
import { createActor } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { applyStep, controlledActors } from '../support/controlledActors.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge, recordTakenTransitions } from '../support/machineGraph.ts';
import { fieldEditMachine } from '../../machines/field-edit/fieldEdit.machine.ts';
import type { FieldEditSnapshot } from '../../machines/field-edit/selectors.ts';
import { selectCanSave, selectFieldEditView, selectSaveOutcome } from '../../machines/field-edit/selectors.ts';
import type { FieldEditEvent, FieldSaveFailure, FieldValues, SaveFieldInput, SaveFieldOutput } from '../../machines/field-edit/types.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures, checked by tsc: a new event without fixtures fails the type check.
// ---------------------------------------------------------------------------------------------

type EventFixtures = { [K in FieldEditEvent['type']]: readonly Extract<FieldEditEvent, { type: K }>[] };

const stored: FieldValues = { name: 'Comune di Vallerosa', region: '12', province: '58' };
const reloaded: FieldValues = { name: 'Comune di Vallerosa', region: '12', province: '60' };
const savedName: FieldValues = { name: 'Comune di Vallerosa Alta', region: '12', province: '58' };

const eventFixtures = {
  'field.edit': [{ type: 'field.edit', field: 'name' }],
  'field.change': [
    { type: 'field.change', changes: { name: 'Comune di Vallerosa Alta' } },
    // Typing the stored value back: nothing left to save.
    { type: 'field.change', changes: { name: 'Comune di Vallerosa' } },
  ],
  'field.cancel': [{ type: 'field.cancel' }],
  'field.save': [{ type: 'field.save' }],
  // Someone else changed the province meanwhile; the refetch brings it.
  'values.sync': [{ type: 'values.sync', values: reloaded }],
} as const satisfies EventFixtures;

const refused: FieldSaveFailure = { message: 'Nome: Inserire almeno 3 caratteri', fieldErrors: { name: 'Inserire almeno 3 caratteri' } };

type ActorDoneEvent = { type: 'xstate.done.actor.saveField'; output: SaveFieldOutput };
type ActorErrorEvent = { type: 'xstate.error.actor.saveField'; error: FieldSaveFailure };
type GraphEvent = FieldEditEvent | ActorDoneEvent | ActorErrorEvent;

const graphEvents: GraphEvent[] = [
  ...Object.values(eventFixtures).flat(),
  { type: 'xstate.done.actor.saveField', output: savedName },
  { type: 'xstate.error.actor.saveField', error: refused },
];

const input = { values: stored };
const traversal = {
  input,
  events: graphEvents as FieldEditEvent[],
  filterEvents: (snapshot: FieldEditSnapshot, event: FieldEditEvent) => snapshot.can(event),
};

type FieldEditPath = StatePath<FieldEditSnapshot, FieldEditEvent>;

const walk = pathsCoveringEveryEdge(fieldEditMachine, traversal);

// ---------------------------------------------------------------------------------------------
// Replay on a real actor whose save is a promise the test settles, recording what it was asked.
// ---------------------------------------------------------------------------------------------

const takenTransitions = new Set<string>();

function startReplay() {
  const saves: SaveFieldInput[] = [];
  const controls = controlledActors();
  const actor = createActor(
    fieldEditMachine.provide({
      actors: {
        saveField: controls.promise<SaveFieldOutput, SaveFieldInput>((request) => saves.push(request)),
      },
    }),
    { input, inspect: recordTakenTransitions(takenTransitions) },
  );
  actor.start();

  async function apply(event: GraphEvent): Promise<void> {
    await applyStep(actor, controls, event);
  }

  return { actor, saves, apply };
}

function describeEvent(event: GraphEvent): string {
  const name = event.type.replace(/^xstate\./, '');
  if (event.type === 'field.change') return `${name}(${Object.values(event.changes).join(',')})`;
  if (event.type === 'field.edit') return `${name}(${event.field})`;
  return name;
}

function describePath(path: FieldEditPath): string {
  const events = path.steps.slice(1).map((step) => describeEvent(step.event as GraphEvent));
  return `${JSON.stringify(path.state.value)} via ${events.join(' → ') || '(start)'}`;
}

describeMachinePaths({
  title: 'field-edit machine',
  machine: fieldEditMachine,
  walks: [walk],
  maxPaths: 200,
  name: describePath,
  taken: () => takenTransitions,
  replay: async (path) => {
    const { actor, saves, apply } = startReplay();
    for (const step of path.steps.slice(1)) {
      const before = actor.getSnapshot();
      await apply(step.event as GraphEvent);
      const after = actor.getSnapshot();
      expect(after.value).toEqual(step.state.value);

      // A save sends only what changed, computed against the values stored when it started.
      if (step.event.type === 'field.save') {
        const request = saves.at(-1)!;
        expect(request.field).toBe(before.context.activeField);
        expect(Object.keys(request.changes).length).toBeGreaterThan(0);
        for (const [key, value] of Object.entries(request.changes)) {
          expect(value).toBe(before.context.draft[key]);
          expect(value).not.toBe(before.context.values[key]);
        }
      }
      // Read-only means nothing is half-typed: the draft is what is stored.
      if (after.matches('readOnly')) {
        expect(after.context.draft).toEqual(after.context.values);
        expect(after.context.activeField).toBeNull();
      }
      // Annulla restores the stored value.
      if (step.event.type === 'field.cancel') expect(after.context.draft).toEqual(before.context.values);
    }

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    expect(snapshot.context).toEqual(path.state.context);
    // Salva only when the open field changed.
    expect(selectCanSave(snapshot)).toBe(
      snapshot.matches('editing') && JSON.stringify(snapshot.context.draft) !== JSON.stringify(snapshot.context.values),
    );
    if (selectSaveOutcome(snapshot) === 'rejected') expect(snapshot.context.failure).toBe(refused.message);
    // The page's view and each row's: a closed row holds constants only, so typing elsewhere leaves it alone.
    const page = selectFieldEditView(snapshot);
    expect(page.draft).toBe(snapshot.context.activeField === null ? null : snapshot.context.draft);
    expect(page.outcome).toBe(selectSaveOutcome(snapshot));
    for (const field of ['name', 'email']) {
      const row = selectFieldEditView(snapshot, field);
      if (field === snapshot.context.activeField) {
        expect(row).toMatchObject({ draft: snapshot.context.draft, canSave: page.canSave, errors: snapshot.context.errors });
      } else {
        expect(row).toMatchObject({ draft: null, canSave: false, isSaving: false, outcome: null, failure: null });
        expect(row.errors).toBe(selectFieldEditView(actor.getSnapshot(), field).errors);
      }
    }
    actor.stop();
  },
});
