import type { SnapshotFrom } from 'xstate';
import type { joinRequestMachine } from './joinRequest.machine.ts';

export type JoinRequestSnapshot = SnapshotFrom<typeof joinRequestMachine>;

/** Whether a referent or a platform administrator may still accept or refuse it at `at` (ISO): pending, within its term. */
export const selectIsDecidableAt = (snapshot: JoinRequestSnapshot, at: string): boolean => snapshot.can({ type: 'join.accept', at });
