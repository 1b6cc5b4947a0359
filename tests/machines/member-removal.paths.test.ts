import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { profileMessages as m } from '../../domain/messages/profile.ts';
import type { OrganizationMember } from '../../domain/organization.ts';
import { memberRemovalMachine } from '../../machines/member-removal/memberRemoval.machine.ts';
import { selectMemberRemovalView, type MemberRemovalSnapshot } from '../../machines/member-removal/selectors.ts';
import type {
  MemberRemovalActorId,
  MemberRemovalActorInputs,
  MemberRemovalActorOutputs,
  MemberRemovalEvent,
} from '../../machines/member-removal/types.ts';
import { applyStep, controlledActors } from '../support/controlledActors.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge, recordTakenTransitions } from '../support/machineGraph.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures, checked by tsc against the machine's types.
// ---------------------------------------------------------------------------------------------

type EventFixtures = { [K in MemberRemovalEvent['type']]: readonly Extract<MemberRemovalEvent, { type: K }>[] };
type ActorOutcomeFixtures = {
  [K in MemberRemovalActorId]: { done: readonly MemberRemovalActorOutputs[K][]; error: readonly unknown[] };
};

const giulia: OrganizationMember = {
  userId: 'u-giulia',
  firstName: 'Giulia',
  lastName: 'Rossi',
  email: 'giulia.rossi@example.it',
  role: 'admin',
  isLegalRepresentative: false,
};
const bruno: OrganizationMember = {
  userId: 'u-bruno',
  firstName: 'Bruno',
  lastName: 'Verdi',
  email: 'bruno.verdi@example.it',
  role: 'editor',
  isLegalRepresentative: false,
};
const input = { currentUserId: giulia.userId };

const eventFixtures = {
  // Giulia removes Bruno, or leaves herself.
  'removal.open': [
    { type: 'removal.open', member: bruno },
    { type: 'removal.open', member: giulia },
  ],
  'removal.confirm': [{ type: 'removal.confirm' }],
  'removal.cancel': [{ type: 'removal.cancel' }],
} as const satisfies EventFixtures;

const lastAdmin = new Error('L’organizzazione deve avere almeno un amministratore.');
const actorOutcomes = {
  // Refused with the server's message, or failed with nothing to say: the generic message.
  removeMember: { done: [undefined], error: [lastAdmin, { status: null }] },
  reloadMembers: { done: [undefined], error: [new Error('Impossibile contattare il server.')] },
} as const satisfies ActorOutcomeFixtures;

type ActorDoneEvent = { type: `xstate.done.actor.${MemberRemovalActorId}`; output: unknown };
type ActorErrorEvent = { type: `xstate.error.actor.${MemberRemovalActorId}`; error: unknown };
type GraphEvent = MemberRemovalEvent | ActorDoneEvent | ActorErrorEvent;

const actorIds = Object.keys(actorOutcomes) as MemberRemovalActorId[];

const graphEvents: GraphEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...actorIds.flatMap((id): GraphEvent[] => [
    ...actorOutcomes[id].done.map((output): GraphEvent => ({ type: `xstate.done.actor.${id}`, output })),
    ...actorOutcomes[id].error.map((error): GraphEvent => ({ type: `xstate.error.actor.${id}`, error })),
  ]),
];

const walk = pathsCoveringEveryEdge(memberRemovalMachine, {
  input,
  events: graphEvents as MemberRemovalEvent[],
  filterEvents: (snapshot: MemberRemovalSnapshot, event: MemberRemovalEvent) => snapshot.can(event),
});

type Path = StatePath<MemberRemovalSnapshot, MemberRemovalEvent>;

const takenTransitions = new Set<string>();

// ---------------------------------------------------------------------------------------------
// Replay: invoked actors are promises the test settles; calls and host actions are recorded.
// ---------------------------------------------------------------------------------------------

function startReplay() {
  const calls: string[] = [];
  const controls = controlledActors();
  const controlled = <K extends MemberRemovalActorId>(id: K) =>
    controls.promise<MemberRemovalActorOutputs[K], MemberRemovalActorInputs[K]>((asked) =>
      calls.push('left' in asked ? `${id}:${asked.member.userId}:${asked.left ? 'left' : 'removed'}` : `${id}:${asked.member.userId}`),
    );

  const actor = createActor(
    memberRemovalMachine.provide({
      actors: { removeMember: controlled('removeMember'), reloadMembers: controlled('reloadMembers') },
      actions: { focusMembers: () => void calls.push('focusMembers') },
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
  if (event.type === 'removal.open') return `${name}(${event.member.firstName})`;
  if ('error' in event) return `${name}(${event.error instanceof Error ? event.error.message : 'no message'})`;
  return name;
}

function describePath(path: Path): string {
  const events = path.steps.slice(1).map((step) => describeEvent(step.event as GraphEvent));
  return `${JSON.stringify(path.state.value)} via ${events.join(' → ') || '(start)'}`;
}

describeMachinePaths({
  title: 'member-removal machine',
  machine: memberRemovalMachine,
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
      const view = selectMemberRemovalView(after);
      const chosen = before.context.member;

      // The confirmation names the member, or says that leaving needs a new invitation.
      expect(view.dialog.isOpen).toBe(after.matches('confirming') || after.matches('removing'));
      expect(view.dialog.isRemoving).toBe(after.matches('removing'));
      if (view.dialog.isOpen) {
        const self = after.context.member?.userId === giulia.userId;
        expect(view.dialog.title).toBe(self ? m.leave : m.removeTitle);
        expect(view.dialog.text).toBe(self ? m.leaveConfirm : m.removeConfirm('Bruno Verdi'));
      } else {
        expect(view.dialog.text).toBeNull();
      }

      // Conferma removes once; the list is reloaded (leaving, when it was oneself) before the outcome is said.
      if (event.type === 'removal.confirm') expect(calls.slice(asked)).toEqual([`removeMember:${chosen?.userId}`]);
      if (event.type === 'xstate.done.actor.removeMember') {
        expect(calls.slice(asked)).toEqual([`reloadMembers:${chosen?.userId}:${chosen?.userId === giulia.userId ? 'left' : 'removed'}`]);
        expect(view.dialog.isOpen).toBe(false);
      }
      if (event.type === 'xstate.done.actor.reloadMembers') {
        expect(calls.slice(asked)).toEqual(['focusMembers']);
        expect(view.notice).toEqual({ tone: 'success', text: chosen?.userId === giulia.userId ? m.left : m.removed('Bruno Verdi') });
      }
      if (event.type.startsWith('xstate.error.actor.')) {
        const error = (event as ActorErrorEvent).error;
        expect(view.notice).toEqual({ tone: 'error', text: error instanceof Error ? error.message : m.removeFailed });
        expect(after.context.member).toBeNull();
      }
      // Closing the dialog is refused while the removal is on its way.
      if (before.matches('removing')) expect(before.can({ type: 'removal.cancel' })).toBe(false);
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    expect(snapshot.context).toEqual(path.state.context);
    actor.stop();
  },
  coverage: () => {
    it('reaches every state of the machine', () => {
      const reached = new Set(walk.paths.map((path) => JSON.stringify(path.state.value)));
      for (const state of Object.keys(memberRemovalMachine.root.states)) expect(reached).toContain(JSON.stringify(state));
    });
  },
});
