import { getNextSnapshot } from 'xstate';
import { JOIN_REQUEST_STATUSES, type JoinRequestStatus } from '../../domain/joinRequest.ts';
import { joinRequestMachine } from './joinRequest.machine.ts';
import { selectIsDecidableAt } from './selectors.ts';
import type { JoinRequestEvent } from './types.ts';

/**
 * What the server asks of a join request's status, answered by running the machine: there is no second table of
 * transitions. A stored request is at one of the machine's states with the instant it was made.
 */
export function joinRequestSnapshotAt(status: JoinRequestStatus, createdAt: Date) {
  return joinRequestMachine.resolveState({ value: status, context: { createdAt: createdAt.toISOString() } });
}

function statusOf(value: unknown): JoinRequestStatus {
  if (!JOIN_REQUEST_STATUSES.includes(value as JoinRequestStatus)) throw new Error(`Not a join request status: ${String(value)}`);
  return value as JoinRequestStatus;
}

/** The status `event` leads a stored request to, or null where the machine refuses it (decided, or past its term). */
export function joinRequestStatusAfter(status: JoinRequestStatus, createdAt: Date, event: JoinRequestEvent): JoinRequestStatus | null {
  const snapshot = joinRequestSnapshotAt(status, createdAt);
  if (!snapshot.can(event)) return null;
  return statusOf(getNextSnapshot(joinRequestMachine, snapshot, event).value);
}

/** The status a new request starts in. */
export function newJoinRequestStatus(at: Date): JoinRequestStatus {
  const snapshot = joinRequestMachine.resolveState({ value: 'new', context: { createdAt: null } });
  return statusOf(getNextSnapshot(joinRequestMachine, snapshot, { type: 'join.request', at: at.toISOString() }).value);
}

/** Whether a stored request may still be decided at `at`: what the lists of open requests show. */
export function isDecidableAt(status: JoinRequestStatus, createdAt: Date, at: Date): boolean {
  return selectIsDecidableAt(joinRequestSnapshotAt(status, createdAt), at.toISOString());
}
