import type { OrganizationMember } from '../../domain/organization.ts';

export interface MemberRemovalInput {
  /** The signed-in person: removing themselves is leaving. */
  currentUserId: string;
}

/** How the last removal went, until the next one. */
export type RemovalOutcome =
  | { kind: 'removed'; member: OrganizationMember; left: boolean }
  /** `message` is Italian: the server's, or the generic one. */
  | { kind: 'failed'; message: string };

export interface MemberRemovalContext {
  currentUserId: string;
  /** The member the confirmation is about, until the removal is done or given up. */
  member: OrganizationMember | null;
  outcome: RemovalOutcome | null;
}

export type MemberRemovalEvent =
  /** "Rimuovi" on a member's row, or "Lascia l’organizzazione" on one's own: asks for confirmation. */
  | { type: 'removal.open'; member: OrganizationMember }
  /** Conferma in the dialog. */
  | { type: 'removal.confirm' }
  /** Annulla, Escape or a press outside the dialog. */
  | { type: 'removal.cancel' };

/** What each invoked actor resolves with; the keys are also the actor ids. */
export interface MemberRemovalActorOutputs {
  removeMember: undefined;
  reloadMembers: undefined;
}

export interface MemberRemovalActorInputs {
  removeMember: { member: OrganizationMember };
  reloadMembers: { member: OrganizationMember; left: boolean };
}

export type MemberRemovalActorId = keyof MemberRemovalActorOutputs;
