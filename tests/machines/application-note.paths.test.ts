import { expect } from 'vitest';
import { createActor } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { timelineMessages } from '../../domain/messages/timeline.ts';
import { applyStep, controlledActors } from '../support/controlledActors.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge, recordTakenTransitions } from '../support/machineGraph.ts';
import { applicationNoteMachine } from '../../machines/application-note/applicationNote.machine.ts';
import { selectIsSaved, selectIsSaving, type ApplicationNoteSnapshot } from '../../machines/application-note/selectors.ts';
import type { ApplicationNoteEvent, SaveNoteInput } from '../../machines/application-note/types.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures, checked by tsc: a new event without fixtures fails the type check.
// ---------------------------------------------------------------------------------------------

type EventFixtures = { [K in ApplicationNoteEvent['type']]: readonly Extract<ApplicationNoteEvent, { type: K }>[] };

const NOTE = 'Telefonato al referente: i documenti arrivano lunedì.';
const NOTE_ID = '11111111-1111-4111-8111-111111111111';

const eventFixtures = {
  'text.change': [
    { type: 'text.change', value: '   ' },
    { type: 'text.change', value: NOTE },
  ],
  'note.submit': [{ type: 'note.submit' }],
  'note.edit': [{ type: 'note.edit', id: NOTE_ID, text: 'Prima stesura' }],
  'edit.cancel': [{ type: 'edit.cancel' }],
} as const satisfies EventFixtures;

type ActorDoneEvent = { type: 'xstate.done.actor.saveNote'; output: undefined };
type ActorErrorEvent = { type: 'xstate.error.actor.saveNote'; error: unknown };
type GraphEvent = ApplicationNoteEvent | ActorDoneEvent | ActorErrorEvent;

const graphEvents: GraphEvent[] = [
  ...Object.values(eventFixtures).flat(),
  { type: 'xstate.done.actor.saveNote', output: undefined },
  { type: 'xstate.error.actor.saveNote', error: new Error(timelineMessages.noteWindowClosed) },
];

const traversal = {
  events: graphEvents as ApplicationNoteEvent[],
  filterEvents: (snapshot: ApplicationNoteSnapshot, event: ApplicationNoteEvent) => {
    if (!snapshot.can(event)) return false;
    // Typing: blank first, then the note; opening a note to rewrite it once.
    if (event.type === 'text.change') return snapshot.context.text === '' || (snapshot.context.text === '   ' && event.value === NOTE);
    if (event.type === 'note.edit') return snapshot.context.editingId === null;
    if (event.type === 'edit.cancel') return snapshot.context.editingId !== null;
    return true;
  },
};

type ApplicationNotePath = StatePath<ApplicationNoteSnapshot, ApplicationNoteEvent>;

const walk = pathsCoveringEveryEdge(applicationNoteMachine, traversal);

const takenTransitions = new Set<string>();

function startReplay() {
  const requests: SaveNoteInput[] = [];
  const controls = controlledActors();
  const actor = createActor(
    applicationNoteMachine.provide({
      actors: { saveNote: controls.promise<void, SaveNoteInput>((request) => requests.push(request)) },
    }),
    { inspect: recordTakenTransitions(takenTransitions) },
  );
  actor.start();
  return { actor, requests, apply: (event: GraphEvent) => applyStep(actor, controls, event) };
}

function describeEvent(event: GraphEvent): string {
  const name = event.type.replace(/^xstate\./, '');
  if (event.type === 'text.change') return `${name}(${event.value.trim() === '' ? 'blank' : 'note'})`;
  return name;
}

function describePath(path: ApplicationNotePath): string {
  const events = path.steps.slice(1).map((step) => describeEvent(step.event as GraphEvent));
  return `${JSON.stringify(path.state.value)} via ${events.join(' → ') || '(start)'}`;
}

describeMachinePaths({
  title: 'application-note machine',
  machine: applicationNoteMachine,
  walks: [walk],
  maxPaths: 200,
  name: describePath,
  taken: () => takenTransitions,
  replay: async (path) => {
    const { actor, requests, apply } = startReplay();
    for (const step of path.steps.slice(1)) {
      const before = actor.getSnapshot();
      const event = step.event as GraphEvent;
      await apply(event);
      const after = actor.getSnapshot();
      expect(after.value).toEqual(step.state.value);
      if (event.type === 'note.submit') {
        const sendable = before.context.text.trim() !== '';
        // Only a text that keeps the rules is sent, with the note it rewrites; a blank one says why under the field.
        expect(selectIsSaving(after)).toBe(sendable);
        if (sendable) expect(requests.at(-1)).toEqual({ id: before.context.editingId, text: before.context.text });
        else expect(after.context.error).toBe(timelineMessages.noteEmpty);
      }
      if (event.type === 'xstate.done.actor.saveNote') {
        // Stored: the form is empty again, for a new note, and says so.
        expect(after.context).toEqual({ text: '', editingId: null, error: null });
        expect(selectIsSaved(after)).toBe(true);
      }
      if (event.type === 'xstate.error.actor.saveNote') {
        // A refusal keeps what was typed, and says why.
        expect(after.context.text).toBe(before.context.text);
        expect(after.context.error).toBe(timelineMessages.noteWindowClosed);
      }
      if (event.type === 'note.edit') expect(after.context).toMatchObject({ editingId: NOTE_ID, text: 'Prima stesura', error: null });
      if (event.type === 'edit.cancel') expect(after.context).toEqual({ text: '', editingId: null, error: null });
      if (event.type === 'text.change') expect(after.context.error).toBeNull();
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    expect(snapshot.context).toEqual(path.state.context);
    actor.stop();
  },
});
