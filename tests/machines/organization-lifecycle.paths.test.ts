import { expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { organizationLifecycleMachine } from '../../machines/organization-lifecycle/organizationLifecycle.machine.ts';
import { STATUSES_WHERE_MEMBERS_ACT, membersMayAct, organizationStandingAfter } from '../../machines/organization-lifecycle/transitions.ts';
import type { OrganizationLifecycleEvent } from '../../machines/organization-lifecycle/types.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge, recordTakenTransitions } from '../support/machineGraph.ts';

type Snapshot = SnapshotFrom<typeof organizationLifecycleMachine>;
type EventFixtures = { [K in OrganizationLifecycleEvent['type']]: readonly Extract<OrganizationLifecycleEvent, { type: K }>[] };

const eventFixtures = {
  'admin.suspend': [{ type: 'admin.suspend', reason: 'P.IVA contestata dal legale rappresentante.' }],
  'admin.restore': [{ type: 'admin.restore', reason: 'Titolarità verificata.' }],
} as const satisfies EventFixtures;
const events = Object.values(eventFixtures).flat() as OrganizationLifecycleEvent[];

const walk = pathsCoveringEveryEdge(organizationLifecycleMachine, {
  input: {},
  events,
  filterEvents: (snapshot: Snapshot, event: OrganizationLifecycleEvent) => snapshot.can(event),
});
const takenTransitions = new Set<string>();

type Path = StatePath<Snapshot, OrganizationLifecycleEvent>;
const describePath = (path: Path) =>
  `${JSON.stringify(path.state.value)} via ${
    path.steps
      .slice(1)
      .map((step) => step.event.type)
      .join(' → ') || '(start)'
  }`;

describeMachinePaths({
  title: 'organization-lifecycle machine',
  machine: organizationLifecycleMachine,
  walks: [walk],
  name: describePath,
  taken: () => takenTransitions,
  replay: (path) => {
    const actor = createActor(organizationLifecycleMachine, { input: {}, inspect: recordTakenTransitions(takenTransitions) });
    actor.start();
    for (const step of path.steps.slice(1)) {
      const before = actor.getSnapshot();
      const event = step.event;
      // What the server asks (transitions.ts) agrees with the running machine, step by step.
      const standing = { status: before.value, suspensionReason: before.context.suspensionReason };
      const expected = organizationStandingAfter(standing, event);
      actor.send(event);
      const after = actor.getSnapshot();
      expect(after.value).toEqual(step.state.value);
      expect(expected).toEqual({ status: after.value, suspensionReason: after.context.suspensionReason });
      // Suspended: the reason is kept for the members to read, and they may not act; given back: forgotten.
      if (event.type === 'admin.suspend') expect(after.context.suspensionReason).toBe(event.reason);
      if (event.type === 'admin.restore') expect(after.context.suspensionReason).toBeNull();
      expect(membersMayAct({ status: after.value, suspensionReason: after.context.suspensionReason })).toBe(after.matches('active'));
    }
    expect(actor.getSnapshot().context).toEqual(path.state.context);
    actor.stop();
  },
  coverage: () => {
    it('refuses what the lifecycle does not allow: a second suspension, giving back an active organisation', () => {
      const suspend = eventFixtures['admin.suspend'][0];
      const restore = eventFixtures['admin.restore'][0];
      expect(organizationStandingAfter({ status: 'suspended', suspensionReason: 'x' }, suspend)).toBeUndefined();
      expect(organizationStandingAfter({ status: 'active', suspensionReason: null }, restore)).toBeUndefined();
    });

    it('members act only in an active organisation; an unknown stored status counts as suspended', () => {
      expect(STATUSES_WHERE_MEMBERS_ACT).toEqual(['active']);
      expect(membersMayAct({ status: 'archived', suspensionReason: null })).toBe(false);
    });

    it('reaches every state of the machine', () => {
      const reached = new Set(walk.paths.map((path) => JSON.stringify(path.state.value)));
      for (const state of Object.keys(organizationLifecycleMachine.root.states)) expect(reached).toContain(JSON.stringify(state));
    });
  },
});
