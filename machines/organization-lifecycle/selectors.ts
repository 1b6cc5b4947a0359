import type { SnapshotFrom } from 'xstate';
import type { organizationLifecycleMachine } from './organizationLifecycle.machine.ts';

export type OrganizationLifecycleSnapshot = SnapshotFrom<typeof organizationLifecycleMachine>;

/** Whether the organisation's members may change and hand over anything: the tag `membersAct` (only while active). */
export function selectMembersAct(snapshot: OrganizationLifecycleSnapshot): boolean {
  return snapshot.hasTag('membersAct');
}
