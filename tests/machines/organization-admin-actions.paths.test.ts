import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { organizationAdminMessages as m } from '../../domain/messages/organizationAdmin.ts';
import type { OrganizationMember } from '../../domain/organization.ts';
import { organizationAdminActionsMachine } from '../../machines/organization-admin-actions/organizationAdminActions.machine.ts';
import {
  selectOrganizationAdminActionsView,
  type OrganizationAdminActionsSnapshot,
} from '../../machines/organization-admin-actions/selectors.ts';
import type {
  OrganizationAdminActionsActorId,
  OrganizationAdminActionsActorInputs,
  OrganizationAdminActionsActorOutputs,
  OrganizationAdminActionsEvent,
} from '../../machines/organization-admin-actions/types.ts';
import { applyStep, controlledActors } from '../support/controlledActors.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge, recordTakenTransitions } from '../support/machineGraph.ts';

type EventFixtures = { [K in OrganizationAdminActionsEvent['type']]: readonly Extract<OrganizationAdminActionsEvent, { type: K }>[] };
type ActorOutcomeFixtures = {
  [K in OrganizationAdminActionsActorId]: { done: readonly OrganizationAdminActionsActorOutputs[K][]; error: readonly unknown[] };
};

const bruno: OrganizationMember = {
  userId: 'u-bruno',
  firstName: 'Bruno',
  lastName: 'Verdi',
  email: 'bruno.verdi@example.it',
  role: 'editor',
  isLegalRepresentative: false,
};
const input = { organizationId: 'org-1' };
const REASON = 'Richiesta del legale rappresentante del 3 dicembre.';

// Suspension (reason only) and making Bruno the Referente (a member and the reason) are walked; the other acts differ
// only in the fields the dialog asks, which the problems below check.
const eventFixtures = {
  'act.choose': [
    { type: 'act.choose', act: 'suspend' },
    { type: 'act.choose', act: 'makeReferent' },
  ],
  'field.change': [
    { type: 'field.change', field: 'reason', value: REASON },
    { type: 'field.change', field: 'member', value: bruno },
  ],
  'act.confirm': [{ type: 'act.confirm' }],
  'act.cancel': [{ type: 'act.cancel' }],
} as const satisfies EventFixtures;

const refused = new Error('L’organizzazione è già sospesa.');
const actorOutcomes = {
  performAct: { done: [undefined], error: [refused, { status: null }] },
  reload: { done: [undefined], error: [new Error('Impossibile contattare il server.')] },
} as const satisfies ActorOutcomeFixtures;

type ActorDoneEvent = { type: `xstate.done.actor.${OrganizationAdminActionsActorId}`; output: unknown };
type ActorErrorEvent = { type: `xstate.error.actor.${OrganizationAdminActionsActorId}`; error: unknown };
type GraphEvent = OrganizationAdminActionsEvent | ActorDoneEvent | ActorErrorEvent;

const actorIds = Object.keys(actorOutcomes) as OrganizationAdminActionsActorId[];
const graphEvents: GraphEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...actorIds.flatMap((id): GraphEvent[] => [
    ...actorOutcomes[id].done.map((output): GraphEvent => ({ type: `xstate.done.actor.${id}`, output })),
    ...actorOutcomes[id].error.map((error): GraphEvent => ({ type: `xstate.error.actor.${id}`, error })),
  ]),
];

const walk = pathsCoveringEveryEdge(organizationAdminActionsMachine, {
  input,
  events: graphEvents as OrganizationAdminActionsEvent[],
  filterEvents: (snapshot: OrganizationAdminActionsSnapshot, event: OrganizationAdminActionsEvent) => snapshot.can(event),
});

type Path = StatePath<OrganizationAdminActionsSnapshot, OrganizationAdminActionsEvent>;
const takenTransitions = new Set<string>();

function startReplay() {
  const calls: string[] = [];
  const controls = controlledActors();
  const actor = createActor(
    organizationAdminActionsMachine.provide({
      actors: {
        performAct: controls.promise<undefined, OrganizationAdminActionsActorInputs['performAct']>((asked) =>
          calls.push(`performAct:${asked.act}:${asked.fields.member?.userId ?? '-'}:${asked.fields.reason}`),
        ),
        reload: controls.promise<undefined, OrganizationAdminActionsActorInputs['reload']>((asked) =>
          calls.push(`reload:${asked.organizationId}`),
        ),
      },
      actions: { focusSection: () => void calls.push('focusSection') },
    }),
    { input, inspect: recordTakenTransitions(takenTransitions) },
  );
  actor.start();
  return { actor, calls, apply: (event: GraphEvent) => applyStep(actor, controls, event) };
}

function describeEvent(event: GraphEvent): string {
  const name = event.type.replace(/^xstate\./, '');
  if (event.type === 'act.choose') return `${name}(${event.act})`;
  if (event.type === 'field.change') return `${name}(${event.field})`;
  if ('error' in event) return `${name}(${event.error instanceof Error ? event.error.message : 'no message'})`;
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
  title: 'organization-admin-actions machine',
  machine: organizationAdminActionsMachine,
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
      const view = selectOrganizationAdminActionsView(after);
      const open = after.matches('reason') || after.matches('submitting') || after.matches('failed');
      expect(view.dialog.isOpen).toBe(open);
      expect(view.dialog.isSubmitting).toBe(after.matches('submitting'));

      // Conferma with the reason or the member missing stays, and says what is missing under each field.
      if (event.type === 'act.confirm' && !after.matches('submitting')) {
        expect(view.dialog.problems.reason ?? view.dialog.problems.member).not.toBeNull();
        if (before.context.fields.reason === '') expect(view.dialog.problems.reason).toBe(m.reason.required);
        if (before.context.act === 'makeReferent' && before.context.fields.member === null) {
          expect(view.dialog.problems.member).toBe(m.dialog.chooseMember);
        }
        expect(calls.slice(asked)).toEqual([]);
      }
      // Sent once, with what the dialog holds.
      if (event.type === 'act.confirm' && after.matches('submitting')) {
        const { act, fields } = after.context;
        expect(calls.slice(asked)).toEqual([`performAct:${act}:${fields.member?.userId ?? '-'}:${REASON}`]);
      }
      if (event.type === 'xstate.done.actor.performAct') {
        expect(calls.slice(asked)).toEqual(['reload:org-1']);
        expect(view.dialog.isOpen).toBe(false);
      }
      if (event.type === 'xstate.error.actor.performAct') {
        const error = (event as ActorErrorEvent).error;
        expect(view.dialog.failure).toBe(error instanceof Error ? error.message : m.outcome.failed);
        expect(view.dialog.isOpen).toBe(true);
      }
      if (event.type === 'xstate.done.actor.reload' || event.type === 'xstate.error.actor.reload') {
        expect(calls.slice(asked)).toEqual(['focusSection']);
        const act = before.context.act;
        expect(view.notice).toBe(act === 'suspend' ? m.outcome.suspended : m.outcome.referent('Bruno Verdi'));
      } else if (!after.matches('done')) {
        expect(view.notice).toBeNull();
      }
      // The dialog cannot be closed while the act is on its way.
      if (before.matches('submitting')) expect(before.can({ type: 'act.cancel' })).toBe(false);
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    expect(snapshot.context).toEqual(path.state.context);
    actor.stop();
  },
  coverage: () => {
    it('reaches every state of the machine', () => {
      const reached = new Set(walk.paths.map((path) => JSON.stringify(path.state.value)));
      for (const state of Object.keys(organizationAdminActionsMachine.root.states)) expect(reached).toContain(JSON.stringify(state));
    });
  },
});
