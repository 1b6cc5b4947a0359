import { expect } from 'vitest';
import { createActor } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { applyStep, controlledActors } from '../support/controlledActors.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge, recordTakenTransitions } from '../support/machineGraph.ts';
import { inviteMachine } from '../../machines/invite/invite.machine.ts';
import { selectCanSend, selectOutcome, type InviteSnapshot } from '../../machines/invite/selectors.ts';
import type { InviteEvent, SendInvitesInput, SendInvitesOutput } from '../../machines/invite/types.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures, checked by tsc: a new event without fixtures fails the type check.
// ---------------------------------------------------------------------------------------------

type EventFixtures = { [K in InviteEvent['type']]: readonly Extract<InviteEvent, { type: K }>[] };

const eventFixtures = {
  'email.change': [
    { type: 'email.change', index: 0, value: 'anna.neri@esempio.it' },
    { type: 'email.change', index: 1, value: 'senza-chiocciola' },
    { type: 'email.change', index: 0, value: 'esempio.it' },
  ],
  'email.add': [{ type: 'email.add' }],
  'email.remove': [{ type: 'email.remove', index: 0 }],
  'message.change': [{ type: 'message.change', value: 'Ti aspettiamo.' }],
  'invite.send': [{ type: 'invite.send' }],
} as const satisfies EventFixtures;

const outcomes: SendInvitesOutput[] = [
  { sent: ['anna.neri@esempio.it'], invalid: [] },
  { sent: ['anna.neri@esempio.it'], invalid: [{ index: 1, address: 'senza-chiocciola', message: 'Indirizzo e-mail non valido' }] },
  // Nothing is an address: nothing was sent, both inputs stay with their messages.
  {
    sent: [],
    invalid: [
      { index: 0, address: 'esempio.it', message: 'Indirizzo e-mail non valido' },
      { index: 1, address: 'senza-chiocciola', message: 'Indirizzo e-mail non valido' },
    ],
  },
];

type ActorDoneEvent = { type: 'xstate.done.actor.sendInvites'; output: SendInvitesOutput };
type ActorErrorEvent = { type: 'xstate.error.actor.sendInvites'; error: { status: number; message: string } };
type GraphEvent = InviteEvent | ActorDoneEvent | ActorErrorEvent;

const graphEvents: GraphEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...outcomes.map((output): GraphEvent => ({ type: 'xstate.done.actor.sendInvites', output })),
  { type: 'xstate.error.actor.sendInvites', error: { status: 502, message: 'Non è stato possibile inviare l’e-mail di invito' } },
];

/** Two inputs are enough to show adding, removing and per-input messages; more only repeats them. */
const MAX_INPUTS_EXPLORED = 2;

const traversal = {
  events: graphEvents as InviteEvent[],
  filterEvents: (snapshot: InviteSnapshot, event: InviteEvent) => {
    if (!snapshot.can(event)) return false;
    if (event.type === 'email.add') return snapshot.context.emails.length < MAX_INPUTS_EXPLORED;
    // Typing into an empty input is the transition; retyping over an address only repeats it.
    if (event.type === 'email.change') return snapshot.context.emails[event.index] === '';
    // The message is one more string carried along: typing it once, before anything else, is enough.
    if (event.type === 'message.change') return snapshot.context.emails.every((email) => email === '');
    // An outcome naming an input that does not exist is not something the actor can answer.
    const completion = event as GraphEvent;
    if (completion.type === 'xstate.done.actor.sendInvites') {
      const typed = snapshot.context.emails.map((e) => e.trim()).filter((e) => e !== '');
      const { sent, invalid } = completion.output;
      return typed.length === sent.length + invalid.length && invalid.every((entry) => typed[entry.index] === entry.address);
    }
    return true;
  },
};

type InvitePath = StatePath<InviteSnapshot, InviteEvent>;

const walk = pathsCoveringEveryEdge(inviteMachine, traversal);

const takenTransitions = new Set<string>();

function startReplay() {
  const requests: SendInvitesInput[] = [];
  const controls = controlledActors();
  const actor = createActor(
    inviteMachine.provide({
      actors: {
        sendInvites: controls.promise<SendInvitesOutput, SendInvitesInput>((request) => requests.push(request)),
      },
    }),
    { inspect: recordTakenTransitions(takenTransitions) },
  );
  actor.start();

  async function apply(event: GraphEvent): Promise<void> {
    await applyStep(actor, controls, event);
  }
  return { actor, requests, apply };
}

function describeEvent(event: GraphEvent): string {
  const name = event.type.replace(/^xstate\./, '');
  if (event.type === 'email.change') return `${name}(${event.index}=${event.value})`;
  if (event.type === 'email.remove') return `${name}(${event.index})`;
  if (event.type === 'xstate.done.actor.sendInvites') return `${name}(${event.output.invalid.length} invalid)`;
  return name;
}

function describePath(path: InvitePath): string {
  const events = path.steps.slice(1).map((step) => describeEvent(step.event as GraphEvent));
  return `${JSON.stringify(path.state.value)} via ${events.join(' → ') || '(start)'}`;
}

describeMachinePaths({
  title: 'invite machine',
  machine: inviteMachine,
  walks: [walk],
  maxPaths: 200,
  name: describePath,
  taken: () => takenTransitions,
  replay: async (path) => {
    const { actor, requests, apply } = startReplay();
    for (const step of path.steps.slice(1)) {
      const before = actor.getSnapshot();
      await apply(step.event as GraphEvent);
      const after = actor.getSnapshot();
      expect(after.value).toEqual(step.state.value);
      // Invia sends what was typed, without blank inputs; there is always at least one input.
      if (step.event.type === 'invite.send') {
        expect(requests.at(-1)!.emails).toEqual(before.context.emails.map((e) => e.trim()).filter((e) => e !== ''));
        expect(requests.at(-1)!.emails.length).toBeGreaterThan(0);
      }
      expect(after.context.emails.length).toBeGreaterThan(0);
      // Every message belongs to an input that exists.
      for (const index of Object.keys(after.context.errors)) expect(Number(index)).toBeLessThan(after.context.emails.length);
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    expect(snapshot.context).toEqual(path.state.context);
    expect(selectCanSend(snapshot)).toBe(snapshot.matches('editing') && snapshot.context.emails.some((e) => e.trim() !== ''));
    // A failed send says nothing (spec §8) and keeps what was typed.
    if ((path.steps.at(-1)?.event as GraphEvent | undefined)?.type === 'xstate.error.actor.sendInvites') {
      expect(selectOutcome(snapshot)).toBeNull();
      expect(snapshot.context.emails.some((e) => e.trim() !== '')).toBe(true);
    }
    actor.stop();
  },
});
