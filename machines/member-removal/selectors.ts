import type { SnapshotFrom } from 'xstate';
import { memberFullName } from '../../domain/memberName.ts';
import { profileMessages as m } from '../../domain/messages/profile.ts';
import type { memberRemovalMachine } from './memberRemoval.machine.ts';

export type MemberRemovalSnapshot = SnapshotFrom<typeof memberRemovalMachine>;

/** What the members section shows of a removal: the outcome above the list, and the confirmation dialog. */
export interface MemberRemovalView {
  notice: { tone: 'success' | 'error'; text: string } | null;
  dialog: {
    isOpen: boolean;
    /** The removal is on its way: the buttons are disabled and the dialog cannot be closed. */
    isRemoving: boolean;
    title: string;
    /** The question, while the dialog is about a member. */
    text: string | null;
  };
}

export function selectMemberRemovalView(snapshot: MemberRemovalSnapshot): MemberRemovalView {
  const { outcome, currentUserId } = snapshot.context;
  const isOpen = snapshot.matches('confirming') || snapshot.matches('removing');
  const member = isOpen ? snapshot.context.member : null;
  const isSelf = member?.userId === currentUserId;
  return {
    notice:
      outcome === null
        ? null
        : outcome.kind === 'failed'
          ? { tone: 'error', text: outcome.message }
          : { tone: 'success', text: outcome.left ? m.left : m.removed(memberFullName(outcome.member)) },
    dialog: {
      isOpen,
      isRemoving: snapshot.matches('removing'),
      title: isSelf ? m.leave : m.removeTitle,
      text: member === null ? null : isSelf ? m.leaveConfirm : m.removeConfirm(memberFullName(member)),
    },
  };
}
