import { getNextSnapshot } from 'xstate';
import { ORGANIZATION_STATUSES, type OrganizationStatus } from '../../domain/organizationAdmin.ts';
import { organizationLifecycleMachine } from './organizationLifecycle.machine.ts';
import { selectMembersAct } from './selectors.ts';
import type { OrganizationLifecycleEvent, OrganizationStanding } from './types.ts';

/**
 * What the server asks of an organisation's standing, answered by running the machine: there is no second table.
 */

const machine = organizationLifecycleMachine;

function statusOf(value: unknown): OrganizationStatus {
  if (!ORGANIZATION_STATUSES.includes(value as OrganizationStatus)) throw new Error(`Not an organisation status: ${String(value)}`);
  return value as OrganizationStatus;
}

/** The machine's snapshot for an organisation stored with `standing` (an unknown stored status counts as suspended). */
function snapshotAt(standing: { status: string; suspensionReason: string | null }) {
  const status = ORGANIZATION_STATUSES.includes(standing.status as OrganizationStatus) ? standing.status : 'suspended';
  return machine.resolveState({ value: status, context: { suspensionReason: standing.suspensionReason } });
}

/** The standing after `event`, or undefined when the machine does not accept it (already suspended, not suspended). */
export function organizationStandingAfter(
  standing: { status: string; suspensionReason: string | null },
  event: OrganizationLifecycleEvent,
): OrganizationStanding | undefined {
  const snapshot = snapshotAt(standing);
  if (!snapshot.can(event)) return undefined;
  const next = getNextSnapshot(machine, snapshot, event);
  return { status: statusOf(next.value), suspensionReason: next.context.suspensionReason };
}

/** Whether the organisation's members may change and hand over anything (only while it is active). */
export function membersMayAct(standing: { status: string; suspensionReason: string | null }): boolean {
  return selectMembersAct(snapshotAt(standing));
}

/** The statuses in which members act: the condition the autosave's one UPDATE holds (server/auth/membership.ts). */
export const STATUSES_WHERE_MEMBERS_ACT: readonly OrganizationStatus[] = ORGANIZATION_STATUSES.filter((status) =>
  membersMayAct({ status, suspensionReason: null }),
);
