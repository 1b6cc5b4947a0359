import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { StatePath } from 'xstate/graph';
import type { OpenJoinRequest } from '../../domain/joinRequest.ts';
import { joinRequestMessages as m } from '../../domain/messages/joinRequest.ts';
import { joinDecisionMachine } from '../../machines/join-decision/joinDecision.machine.ts';
import { selectJoinDecisionView, type JoinDecisionSnapshot } from '../../machines/join-decision/selectors.ts';
import type {
  JoinDecisionActorId,
  JoinDecisionActorInputs,
  JoinDecisionActorOutputs,
  JoinDecisionEvent,
} from '../../machines/join-decision/types.ts';
import { applyStep, controlledActors } from '../support/controlledActors.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge, recordTakenTransitions } from '../support/machineGraph.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures, checked by tsc against the machine's types.
// ---------------------------------------------------------------------------------------------

type EventFixtures = { [K in JoinDecisionEvent['type']]: readonly Extract<JoinDecisionEvent, { type: K }>[] };
type ActorOutcomeFixtures = {
  [K in JoinDecisionActorId]: { done: readonly JoinDecisionActorOutputs[K][]; error: readonly unknown[] };
};

const bianca: OpenJoinRequest = {
  id: '0b7f6f1e-3c1a-4c55-9f7e-2d7d0f3b1a10',
  organizationId: '6f1c2a52-8f43-4d7e-9a3b-2a1f0c9d8e7b',
  organizationName: 'Comune di Prova',
  requesterName: 'Bianca Neri',
  requesterEmail: 'bianca.neri@example.it',
  reason: 'Sono la responsabile amministrativa del comune.',
  createdAt: '2026-03-01T09:00:00.000Z',
  expiresAt: '2026-03-31T09:00:00.000Z',
};
const NOTE = 'Non risulti tra i dipendenti.';

const eventFixtures = {
  'decision.open': [
    { type: 'decision.open', request: bianca, decision: 'accept' },
    { type: 'decision.open', request: bianca, decision: 'refuse' },
  ],
  // A note, and one too long to be sent.
  'note.change': [
    { type: 'note.change', value: NOTE },
    { type: 'note.change', value: 'x'.repeat(501) },
  ],
  'decision.confirm': [{ type: 'decision.confirm' }],
  'decision.cancel': [{ type: 'decision.cancel' }],
} as const satisfies EventFixtures;

const expired = new Error(m.expired(30));
const actorOutcomes = {
  // Refused with the server's message (expired, already decided), or failed with nothing to say: the generic message.
  decide: { done: [undefined], error: [expired, { status: null }] },
  reloadRequests: { done: [undefined], error: [new Error('Impossibile contattare il server.')] },
} as const satisfies ActorOutcomeFixtures;

type ActorDoneEvent = { type: `xstate.done.actor.${JoinDecisionActorId}`; output: unknown };
type ActorErrorEvent = { type: `xstate.error.actor.${JoinDecisionActorId}`; error: unknown };
type GraphEvent = JoinDecisionEvent | ActorDoneEvent | ActorErrorEvent;

const actorIds = Object.keys(actorOutcomes) as JoinDecisionActorId[];

const graphEvents: GraphEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...actorIds.flatMap((id): GraphEvent[] => [
    ...actorOutcomes[id].done.map((output): GraphEvent => ({ type: `xstate.done.actor.${id}`, output })),
    ...actorOutcomes[id].error.map((error): GraphEvent => ({ type: `xstate.error.actor.${id}`, error })),
  ]),
];

const walk = pathsCoveringEveryEdge(joinDecisionMachine, {
  events: graphEvents as JoinDecisionEvent[],
  filterEvents: (snapshot: JoinDecisionSnapshot, event: JoinDecisionEvent) => snapshot.can(event),
});

type Path = StatePath<JoinDecisionSnapshot, JoinDecisionEvent>;

const takenTransitions = new Set<string>();

// ---------------------------------------------------------------------------------------------
// Replay: invoked actors are promises the test settles; calls and host actions are recorded.
// ---------------------------------------------------------------------------------------------

function startReplay() {
  const calls: string[] = [];
  const controls = controlledActors();
  const actor = createActor(
    joinDecisionMachine.provide({
      actors: {
        decide: controls.promise<JoinDecisionActorOutputs['decide'], JoinDecisionActorInputs['decide']>((asked) =>
          calls.push(`decide:${asked.decision}:${asked.note}`),
        ),
        reloadRequests: controls.promise<JoinDecisionActorOutputs['reloadRequests'], JoinDecisionActorInputs['reloadRequests']>((asked) =>
          calls.push(`reload:${asked.request.id}`),
        ),
      },
      actions: { focusRequests: () => void calls.push('focusRequests') },
    }),
    { inspect: recordTakenTransitions(takenTransitions) },
  );
  actor.start();
  return { actor, calls, apply: (event: GraphEvent) => applyStep(actor, controls, event) };
}

function describeEvent(event: GraphEvent): string {
  const name = event.type.replace(/^xstate\./, '');
  if (event.type === 'decision.open') return `${name}(${event.decision})`;
  if (event.type === 'note.change') return `${name}(${event.value.length} characters)`;
  if ('error' in event) return `${name}(${event.error instanceof Error ? event.error.message.slice(0, 20) : 'no message'})`;
  return name;
}

const describePath = (path: Path) =>
  `${JSON.stringify(path.state.value)} via ${
    path.steps
      .slice(1)
      .map((step) => describeEvent(step.event as GraphEvent))
      .join(' → ') || '(start)'
  }`;

describeMachinePaths({
  title: 'join-decision machine',
  machine: joinDecisionMachine,
  walks: [walk],
  name: describePath,
  taken: () => takenTransitions,

  replay: async (path) => {
    const { actor, calls, apply } = startReplay();
    for (const step of path.steps.slice(1)) {
      const before = actor.getSnapshot();
      const asked = calls.length;
      const event = step.event as GraphEvent;
      await apply(event);
      const after = actor.getSnapshot();
      expect(after.value).toEqual(step.state.value);
      const view = selectJoinDecisionView(after);

      // The dialog names the person and the organisation, and says what accepting makes of them.
      expect(view.dialog.isOpen).toBe(after.matches('confirming') || after.matches('deciding'));
      expect(view.dialog.isDeciding).toBe(after.matches('deciding'));
      if (view.dialog.isOpen) {
        const refusal = after.context.decision === 'refuse';
        expect(view.dialog.title).toBe(refusal ? m.refuseTitle : m.acceptTitle);
        expect(view.dialog.text).toBe(
          refusal
            ? m.refuseConfirm('Bianca Neri (bianca.neri@example.it)', 'Comune di Prova')
            : m.acceptConfirm('Bianca Neri (bianca.neri@example.it)', 'Comune di Prova'),
        );
        // A note too long is said, and Conferma waits until it is shortened.
        expect(view.dialog.noteError !== null).toBe(after.context.note.length > 500);
        if (after.matches('confirming')) expect(view.dialog.canConfirm).toBe(after.context.note.length <= 500);
      } else {
        expect(view.dialog.text).toBeNull();
      }

      // Conferma decides once, with the note; the lists are reloaded before the outcome is said.
      if (event.type === 'decision.confirm') {
        expect(calls.slice(asked)).toEqual([`decide:${before.context.decision}:${before.context.note}`]);
      }
      if (event.type === 'xstate.done.actor.decide') {
        expect(calls.slice(asked)).toEqual([`reload:${bianca.id}`]);
        expect(view.dialog.isOpen).toBe(false);
      }
      if (event.type === 'xstate.done.actor.reloadRequests') {
        expect(calls.slice(asked)).toEqual(['focusRequests']);
        const person = 'Bianca Neri (bianca.neri@example.it)';
        expect(view.notice).toEqual({
          tone: 'success',
          text: before.context.decision === 'accept' ? m.accepted(person) : m.refused(person),
        });
      }
      if (event.type.startsWith('xstate.error.actor.')) {
        const error = (event as ActorErrorEvent).error;
        expect(view.notice).toEqual({ tone: 'error', text: error instanceof Error ? error.message : m.decideFailed });
        expect(after.context.request).toBeNull();
        expect(calls.slice(asked)).toEqual(['focusRequests']);
      }
      // Closing the dialog is refused while the decision is on its way.
      if (before.matches('deciding')) expect(before.can({ type: 'decision.cancel' })).toBe(false);
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    expect(snapshot.context).toEqual(path.state.context);
    actor.stop();
  },
  coverage: () => {
    it('reaches every state of the machine', () => {
      const reached = new Set(walk.paths.map((path) => JSON.stringify(path.state.value)));
      for (const state of Object.keys(joinDecisionMachine.root.states)) expect(reached).toContain(JSON.stringify(state));
    });
  },
});
