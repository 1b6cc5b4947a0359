import type { SnapshotFrom } from 'xstate';
import { memberFullName } from '../../domain/memberName.ts';
import { memberRoleMessages as m } from '../../domain/messages/memberRoles.ts';
import type { MemberRole } from '../../domain/organization.ts';
import type { memberRoleChangeMachine } from './memberRoleChange.machine.ts';

export type MemberRoleChangeSnapshot = SnapshotFrom<typeof memberRoleChangeMachine>;

/** What the members section shows of a role change: the outcome above the list, and the dialog. */
export interface MemberRoleChangeView {
  notice: { tone: 'success' | 'error'; text: string } | null;
  dialog: {
    isOpen: boolean;
    /** The change is on its way: the controls are disabled and the dialog cannot be closed. */
    isSaving: boolean;
    /** "Cambia il ruolo di …", while the dialog is about a member. */
    title: string;
    role: MemberRole | null;
    /** Salva ruolo is offered once a role other than the member's is chosen. */
    canConfirm: boolean;
  };
}

export function selectMemberRoleChangeView(snapshot: MemberRoleChangeSnapshot): MemberRoleChangeView {
  const { outcome, member, role } = snapshot.context;
  const isOpen = snapshot.matches('choosing') || snapshot.matches('saving');
  return {
    notice:
      outcome === null
        ? null
        : outcome.kind === 'failed'
          ? { tone: 'error', text: outcome.message }
          : { tone: 'success', text: m.changed(memberFullName(outcome.member), outcome.role) },
    dialog: {
      isOpen,
      isSaving: snapshot.matches('saving'),
      title: isOpen && member !== null ? m.changeRoleOf(memberFullName(member)) : m.changeRole,
      role: isOpen ? role : null,
      canConfirm: snapshot.can({ type: 'roleChange.confirm' }),
    },
  };
}
