import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { memberRoleMessages as m } from '../../domain/messages/memberRoles.ts';
import type { OrganizationMember } from '../../domain/organization.ts';
import { memberRoleChangeMachine } from '../../machines/member-role-change/memberRoleChange.machine.ts';
import { selectMemberRoleChangeView, type MemberRoleChangeSnapshot } from '../../machines/member-role-change/selectors.ts';
import type {
  MemberRoleChangeActorId,
  MemberRoleChangeActorInputs,
  MemberRoleChangeActorOutputs,
  MemberRoleChangeEvent,
} from '../../machines/member-role-change/types.ts';
import { applyStep, controlledActors } from '../support/controlledActors.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge, recordTakenTransitions } from '../support/machineGraph.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures, checked by tsc against the machine's types.
// ---------------------------------------------------------------------------------------------

type EventFixtures = { [K in MemberRoleChangeEvent['type']]: readonly Extract<MemberRoleChangeEvent, { type: K }>[] };
type ActorOutcomeFixtures = {
  [K in MemberRoleChangeActorId]: { done: readonly MemberRoleChangeActorOutputs[K][]; error: readonly unknown[] };
};

const bruno: OrganizationMember = {
  userId: 'u-bruno',
  firstName: 'Bruno',
  lastName: 'Verdi',
  email: 'bruno.verdi@example.it',
  role: 'editor',
  isLegalRepresentative: false,
};

const eventFixtures = {
  // The Referente opens Bruno's dialog and chooses Sola lettura, or Bruno's own role again.
  'roleChange.open': [{ type: 'roleChange.open', member: bruno }],
  'roleChange.select': [
    { type: 'roleChange.select', role: 'viewer' },
    { type: 'roleChange.select', role: 'editor' },
  ],
  'roleChange.confirm': [{ type: 'roleChange.confirm' }],
  'roleChange.cancel': [{ type: 'roleChange.cancel' }],
} as const satisfies EventFixtures;

const lastReferent = new Error(m.lastReferent);
const actorOutcomes = {
  // Refused with the server's message, or failed with nothing to say: the generic message.
  changeRole: { done: [undefined], error: [lastReferent, { status: null }] },
  reloadMembers: { done: [undefined], error: [new Error('Impossibile contattare il server.')] },
} as const satisfies ActorOutcomeFixtures;

type ActorDoneEvent = { type: `xstate.done.actor.${MemberRoleChangeActorId}`; output: unknown };
type ActorErrorEvent = { type: `xstate.error.actor.${MemberRoleChangeActorId}`; error: unknown };
type GraphEvent = MemberRoleChangeEvent | ActorDoneEvent | ActorErrorEvent;

const actorIds = Object.keys(actorOutcomes) as MemberRoleChangeActorId[];

const graphEvents: GraphEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...actorIds.flatMap((id): GraphEvent[] => [
    ...actorOutcomes[id].done.map((output): GraphEvent => ({ type: `xstate.done.actor.${id}`, output })),
    ...actorOutcomes[id].error.map((error): GraphEvent => ({ type: `xstate.error.actor.${id}`, error })),
  ]),
];

const walk = pathsCoveringEveryEdge(memberRoleChangeMachine, {
  events: graphEvents as MemberRoleChangeEvent[],
  filterEvents: (snapshot: MemberRoleChangeSnapshot, event: MemberRoleChangeEvent) => snapshot.can(event),
});

type Path = StatePath<MemberRoleChangeSnapshot, MemberRoleChangeEvent>;

const takenTransitions = new Set<string>();

// ---------------------------------------------------------------------------------------------
// Replay: invoked actors are promises the test settles; calls and host actions are recorded.
// ---------------------------------------------------------------------------------------------

function startReplay() {
  const calls: string[] = [];
  const controls = controlledActors();
  const actor = createActor(
    memberRoleChangeMachine.provide({
      actors: {
        changeRole: controls.promise<MemberRoleChangeActorOutputs['changeRole'], MemberRoleChangeActorInputs['changeRole']>((asked) =>
          calls.push(`changeRole:${asked.member.userId}:${asked.role}`),
        ),
        reloadMembers: controls.promise<MemberRoleChangeActorOutputs['reloadMembers'], MemberRoleChangeActorInputs['reloadMembers']>(() =>
          calls.push('reloadMembers'),
        ),
      },
      actions: { focusMembers: () => void calls.push('focusMembers') },
    }),
    { inspect: recordTakenTransitions(takenTransitions) },
  );
  actor.start();

  async function apply(event: GraphEvent): Promise<void> {
    await applyStep(actor, controls, event);
  }

  return { actor, calls, apply };
}

function describeEvent(event: GraphEvent): string {
  const name = event.type.replace(/^xstate\./, '');
  if (event.type === 'roleChange.open') return `${name}(${event.member.firstName})`;
  if (event.type === 'roleChange.select') return `${name}(${event.role})`;
  if ('error' in event) return `${name}(${event.error instanceof Error ? event.error.message : 'no message'})`;
  return name;
}

function describePath(path: Path): string {
  const events = path.steps.slice(1).map((step) => describeEvent(step.event as GraphEvent));
  return `${JSON.stringify(path.state.value)} via ${events.join(' → ') || '(start)'}`;
}

describeMachinePaths({
  title: 'member-role-change machine',
  machine: memberRoleChangeMachine,
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
      const view = selectMemberRoleChangeView(after);

      // The dialog names the member and shows the chosen role; saving is offered only for another role.
      expect(view.dialog.isOpen).toBe(after.matches('choosing') || after.matches('saving'));
      expect(view.dialog.isSaving).toBe(after.matches('saving'));
      if (view.dialog.isOpen) {
        expect(view.dialog.title).toBe(m.changeRoleOf('Bruno Verdi'));
        expect(view.dialog.role).toBe(after.context.role);
        expect(view.dialog.canConfirm).toBe(after.matches('choosing') && after.context.role !== 'editor');
      } else {
        expect(view.dialog.role).toBeNull();
      }
      if (event.type === 'roleChange.open') expect(after.context.role).toBe('editor');

      // Salva ruolo changes once; the list is reloaded before the outcome is said.
      if (event.type === 'roleChange.confirm') expect(calls.slice(asked)).toEqual([`changeRole:u-bruno:${before.context.role}`]);
      if (event.type === 'xstate.done.actor.changeRole') {
        expect(calls.slice(asked)).toEqual(['reloadMembers']);
        expect(view.dialog.isOpen).toBe(false);
      }
      if (event.type === 'xstate.done.actor.reloadMembers') {
        expect(calls.slice(asked)).toEqual(['focusMembers']);
        expect(view.notice).toEqual({ tone: 'success', text: m.changed('Bruno Verdi', before.context.role!) });
      }
      if (event.type.startsWith('xstate.error.actor.')) {
        const error = (event as ActorErrorEvent).error;
        expect(view.notice).toEqual({ tone: 'error', text: error instanceof Error ? error.message : m.changeFailed });
        expect(after.context.member).toBeNull();
        expect(calls.slice(asked)).toEqual(['focusMembers']);
      }
      // Closing the dialog is refused while the change is on its way.
      if (before.matches('saving')) expect(before.can({ type: 'roleChange.cancel' })).toBe(false);
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    expect(snapshot.context).toEqual(path.state.context);
    actor.stop();
  },
  coverage: () => {
    it('reaches every state of the machine', () => {
      const reached = new Set(walk.paths.map((path) => JSON.stringify(path.state.value)));
      for (const state of Object.keys(memberRoleChangeMachine.root.states)) expect(reached).toContain(JSON.stringify(state));
    });
    it('does not save the role the member already has', () => {
      const actor = createActor(memberRoleChangeMachine).start();
      actor.send({ type: 'roleChange.open', member: bruno });
      expect(actor.getSnapshot().can({ type: 'roleChange.confirm' })).toBe(false);
      actor.send({ type: 'roleChange.select', role: 'admin' });
      expect(actor.getSnapshot().can({ type: 'roleChange.confirm' })).toBe(true);
      actor.stop();
    });
  },
});
