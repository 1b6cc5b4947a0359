import type { MemberRole, OrganizationMember } from '../../domain/organization.ts';

/** How the last role change went, until the next one. */
export type RoleChangeOutcome =
  | { kind: 'changed'; member: OrganizationMember; role: MemberRole }
  /** `message` is Italian: the server's (the last Referente, a refused role), or the generic one. */
  | { kind: 'failed'; message: string };

export interface MemberRoleChangeContext {
  /** The member whose role the dialog is about, until the change is done or given up. */
  member: OrganizationMember | null;
  /** The role chosen in the dialog; the member's own when it opens. */
  role: MemberRole | null;
  outcome: RoleChangeOutcome | null;
}

export type MemberRoleChangeEvent =
  /** "Cambia ruolo" on a member's row: the dialog opens with the member's role chosen. */
  | { type: 'roleChange.open'; member: OrganizationMember }
  /** A role chosen in the dialog's radio group (arrow keys or a press). */
  | { type: 'roleChange.select'; role: MemberRole }
  /** "Salva ruolo". */
  | { type: 'roleChange.confirm' }
  /** Annulla, Escape or a press outside the dialog. */
  | { type: 'roleChange.cancel' };

/** What each invoked actor resolves with; the keys are also the actor ids. */
export interface MemberRoleChangeActorOutputs {
  changeRole: undefined;
  reloadMembers: undefined;
}

export interface MemberRoleChangeActorInputs {
  changeRole: { member: OrganizationMember; role: MemberRole };
  reloadMembers: undefined;
}

export type MemberRoleChangeActorId = keyof MemberRoleChangeActorOutputs;
