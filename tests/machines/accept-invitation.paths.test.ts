import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { StatePath } from 'xstate/graph';
import type { AcceptInvitationResponse, InvitationView } from '../../domain/invitation.ts';
import { messages } from '../../domain/messages.ts';
import { invitationMessages } from '../../domain/messages/invitation.ts';
import { acceptInvitationMachine } from '../../machines/accept-invitation/acceptInvitation.machine.ts';
import { selectAcceptInvitationView, type AcceptInvitationSnapshot } from '../../machines/accept-invitation/selectors.ts';
import type {
  AcceptFailure,
  AcceptInvitationActorId,
  AcceptInvitationActorInputs,
  AcceptInvitationActorOutputs,
  AcceptInvitationEvent,
  AcceptInvitationInput,
} from '../../machines/accept-invitation/types.ts';
import { applyStep, controlledActors } from '../support/controlledActors.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge, recordTakenTransitions } from '../support/machineGraph.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures, checked by tsc against the machine's types.
// ---------------------------------------------------------------------------------------------

type EventFixtures = { [K in AcceptInvitationEvent['type']]: readonly Extract<AcceptInvitationEvent, { type: K }>[] };
type ActorOutcomeFixtures = {
  [K in AcceptInvitationActorId]: { done: readonly AcceptInvitationActorOutputs[K][]; error: readonly unknown[] };
};

const pending: InvitationView = {
  organizationName: 'Comune di Vallerosa Alta',
  email: 'bruno.verdi@example.it',
  expiresAt: '2026-12-03T10:00:00.000Z',
  status: 'pending',
};
const used: InvitationView = { ...pending, status: 'accepted' };
const expired: InvitationView = { ...pending, status: 'expired' };

const eventFixtures = {
  'invitation.loaded': [
    { type: 'invitation.loaded', invitation: pending },
    { type: 'invitation.loaded', invitation: used },
    { type: 'invitation.loaded', invitation: expired },
  ],
  'invitation.loadFailed': [{ type: 'invitation.loadFailed', message: 'Invito non trovato.' }],
  'invitation.accept': [{ type: 'invitation.accept' }],
} as const satisfies EventFixtures;

const joined: AcceptInvitationResponse = { organizationId: 'org-vallerosa', organizationName: 'Comune di Vallerosa Alta', role: 'editor' };
const wrongAccount: AcceptFailure = { message: invitationMessages.wrongAccount, isWrongAccount: true };
const alreadyUsed: AcceptFailure = { message: invitationMessages.used, isWrongAccount: false };

const actorOutcomes = {
  acceptInvitation: { done: [joined], error: [wrongAccount, alreadyUsed] },
  // Not a refusal the host recognised: the generic message.
  joinOrganization: { done: [undefined], error: [{ status: 503 }] },
} as const satisfies ActorOutcomeFixtures;

type ActorDoneEvent = { type: `xstate.done.actor.${AcceptInvitationActorId}`; output: unknown };
type ActorErrorEvent = { type: `xstate.error.actor.${AcceptInvitationActorId}`; error: unknown };
type GraphEvent = AcceptInvitationEvent | ActorDoneEvent | ActorErrorEvent;

const actorIds = Object.keys(actorOutcomes) as AcceptInvitationActorId[];

const graphEvents: GraphEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...actorIds.flatMap((id): GraphEvent[] => [
    ...actorOutcomes[id].done.map((output): GraphEvent => ({ type: `xstate.done.actor.${id}`, output })),
    ...actorOutcomes[id].error.map((error): GraphEvent => ({ type: `xstate.error.actor.${id}`, error })),
  ]),
];

const token = 'tok_0123456789abcdefghij';

// The link opened by the invited person (nothing loaded yet), and a page opening on an invitation already loaded,
// by somebody signed in with another address.
const walks = [
  { name: 'invited address', input: { token, userEmail: 'Bruno.Verdi@example.it', invitation: null } },
  { name: 'another address, loaded before', input: { token, userEmail: 'giulia.rossi@example.it', invitation: pending } },
].map(({ name, input }: { name: string; input: AcceptInvitationInput }) => ({
  name,
  input,
  ...pathsCoveringEveryEdge(acceptInvitationMachine, {
    input,
    events: graphEvents as AcceptInvitationEvent[],
    // Once accepted the actor is done and takes no event, though the root's transitions would still be enabled.
    filterEvents: (snapshot: AcceptInvitationSnapshot, event: AcceptInvitationEvent) => snapshot.status === 'active' && snapshot.can(event),
    // The guards read the invitation's status only: the messages kept beside it make no other state.
    serializeState: (snapshot: AcceptInvitationSnapshot) =>
      JSON.stringify({ value: snapshot.value, invitation: snapshot.context.invitation?.status ?? null }),
  }),
}));

type Path = StatePath<AcceptInvitationSnapshot, AcceptInvitationEvent>;

const takenTransitions = new Set<string>();

// ---------------------------------------------------------------------------------------------
// Replay: invoked actors are promises the test settles; what they are asked is recorded.
// ---------------------------------------------------------------------------------------------

function startReplay(input: AcceptInvitationInput) {
  const calls: string[] = [];
  const controls = controlledActors();
  const controlled = <K extends AcceptInvitationActorId>(id: K) =>
    controls.promise<AcceptInvitationActorOutputs[K], AcceptInvitationActorInputs[K]>((asked) =>
      calls.push(`${id}:${Object.values(asked).join(',')}`),
    );

  const actor = createActor(
    acceptInvitationMachine.provide({
      actors: { acceptInvitation: controlled('acceptInvitation'), joinOrganization: controlled('joinOrganization') },
    }),
    { input, inspect: recordTakenTransitions(takenTransitions) },
  );
  actor.start();

  async function apply(event: GraphEvent): Promise<void> {
    await applyStep(actor, controls, event);
  }

  return { actor, calls, apply };
}

function describeEvent(event: GraphEvent): string {
  const name = event.type.replace(/^xstate\./, '');
  if (event.type === 'invitation.loaded') return `${name}(${event.invitation.status})`;
  if ('error' in event) return `${name}(${(event.error as Partial<AcceptFailure>).message ?? 'no message'})`;
  return name;
}

function describePath(path: Path): string {
  const events = path.steps.slice(1).map((step) => describeEvent(step.event as GraphEvent));
  return `${JSON.stringify(path.state.value)} via ${events.join(' → ') || '(start)'}`;
}

/** What the page shows for a snapshot, checked against the state it is in. */
function expectView(snapshot: AcceptInvitationSnapshot, input: AcceptInvitationInput): void {
  const view = selectAcceptInvitationView(snapshot);
  const { invitation, failure } = snapshot.context;
  if (snapshot.matches('unavailable')) {
    expect(view).toEqual({ phase: 'unavailable', message: snapshot.context.loadError });
    return;
  }
  if (invitation === null) {
    expect(view).toEqual({ phase: 'loading' });
    return;
  }
  if (view.phase !== 'shown') throw new Error(`a loaded invitation is shown, not ${view.phase}`);
  expect(view.invitation).toBe(invitation);
  // The invitation's own status is said, whatever was pressed.
  expect(view.notice).toBe({ pending: null, accepted: 'used', expired: 'expired' }[invitation.status]);
  if (snapshot.matches('used')) expect(view.notice).toBe('used');
  if (snapshot.matches('expired')) expect(view.notice).toBe('expired');
  // A refusal shows only while nothing else is under way.
  expect(view.failure).toEqual(snapshot.matches('failed') ? failure : null);
  const accepting = snapshot.matches('accepting') || snapshot.matches('joining');
  expect(view.isAccepting).toBe(accepting);
  if (snapshot.matches('confirming')) expect(view.offersAccept).toBe(true);
  // An answer saying the invitation is no longer pending, arriving meanwhile, takes the button away.
  if (accepting || snapshot.matches('failed')) expect(view.offersAccept).toBe(invitation.status === 'pending');
  if (snapshot.matches('used') || snapshot.matches('expired') || snapshot.matches('accepted')) expect(view.offersAccept).toBe(false);
  expect(view.joined).toBe(snapshot.matches('accepted') ? joined.organizationName : null);
  const otherAddress = input.userEmail.toLowerCase() !== invitation.email;
  expect(view.isOtherAccount).toBe(otherAddress && invitation.status === 'pending' && view.failure === null);
}

describeMachinePaths({
  title: 'accept-invitation machine',
  machine: acceptInvitationMachine,
  walks,
  name: describePath,
  taken: () => takenTransitions,

  replay: async (path, { input }) => {
    const { actor, calls, apply } = startReplay(input);
    expectView(actor.getSnapshot(), input);
    for (const step of path.steps.slice(1)) {
      const before = actor.getSnapshot();
      const asked = calls.length;
      const event = step.event as GraphEvent;
      await apply(event);
      const after = actor.getSnapshot();
      expect(after.value).toEqual(step.state.value);
      expectView(after, input);
      // "Accetta invito" sends the link's token once; the organisation joined is the one accepted.
      if (event.type === 'invitation.accept') expect(calls.slice(asked)).toEqual([`acceptInvitation:${token}`]);
      if (event.type === 'xstate.done.actor.acceptInvitation') {
        expect(calls.slice(asked)).toEqual([`joinOrganization:${joined.organizationId}`]);
      }
      if (after.matches('failed') && !before.matches('failed')) {
        const error = (event as ActorErrorEvent).error;
        const refusal = typeof error === 'object' && error !== null && 'isWrongAccount' in error;
        expect(after.context.failure).toEqual(refusal ? error : { message: messages.generic.serverError, isWrongAccount: false });
      }
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    // The walk tells states apart by the invitation only (see serializeState); the rest was checked step by step.
    expect(snapshot.context.invitation).toEqual(path.state.context.invitation);
    expect(snapshot.context.token).toBe(input.token);
    if (snapshot.matches('accepted')) expect(snapshot.status).toBe('done');
    actor.stop();
  },
  coverage: () => {
    it('reaches every state of the machine', () => {
      const reached = new Set(walks.flatMap((walk) => walk.paths.map((path) => JSON.stringify(path.state.value))));
      for (const state of Object.keys(acceptInvitationMachine.root.states)) {
        expect(reached).toContain(JSON.stringify(state));
      }
    });
  },
});
