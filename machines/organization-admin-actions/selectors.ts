import type { SnapshotFrom } from 'xstate';
import { memberFullName } from '../../domain/memberName.ts';
import { organizationAdminMessages as m } from '../../domain/messages/organizationAdmin.ts';
import { adminActProblems, type AdminActProblems } from './problems.ts';
import type { organizationAdminActionsMachine } from './organizationAdminActions.machine.ts';
import type { AdminActFields, AdminActKind, AdminActOutcome } from './types.ts';

export type OrganizationAdminActionsSnapshot = SnapshotFrom<typeof organizationAdminActionsMachine>;

const TITLES: Record<AdminActKind, string> = {
  add: m.actions.add,
  remove: m.actions.remove,
  makeReferent: m.actions.makeReferent,
  suspend: m.actions.suspend,
  restore: m.actions.restore,
};

/** What the section shows of the acts: the outcome of the last one, and the open dialog. */
export interface OrganizationAdminActionsView {
  notice: string | null;
  dialog: {
    isOpen: boolean;
    act: AdminActKind | null;
    title: string;
    fields: AdminActFields;
    /** Under each field, once Conferma was pressed with something missing. */
    problems: AdminActProblems;
    /** The server's refusal. */
    failure: string | null;
    isSubmitting: boolean;
  };
}

function outcomeText({ act, fields }: AdminActOutcome): string {
  switch (act) {
    case 'add':
      return m.outcome.added(fields.email.trim());
    case 'remove':
      return m.outcome.removed(fields.member ? memberFullName(fields.member) : '');
    case 'makeReferent':
      return m.outcome.referent(fields.member ? memberFullName(fields.member) : '');
    case 'suspend':
      return m.outcome.suspended;
    case 'restore':
      return m.outcome.restored;
  }
}

const NO_PROBLEMS: AdminActProblems = { reason: null, email: null, member: null };

export function selectOrganizationAdminActionsView(snapshot: OrganizationAdminActionsSnapshot): OrganizationAdminActionsView {
  const { act, fields, showProblems, failure, outcome } = snapshot.context;
  const isOpen = snapshot.matches('reason') || snapshot.matches('submitting') || snapshot.matches('failed');
  return {
    notice: snapshot.matches('done') && outcome ? outcomeText(outcome) : null,
    dialog: {
      isOpen,
      act,
      title: act ? TITLES[act] : '',
      fields,
      problems: act && showProblems ? adminActProblems(act, fields) : NO_PROBLEMS,
      failure,
      isSubmitting: snapshot.matches('submitting'),
    },
  };
}
