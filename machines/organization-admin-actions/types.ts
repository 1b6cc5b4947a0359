import type { MemberRole, OrganizationMember } from '../../domain/organization.ts';

/** The platform administrator's acts on an organisation (issue 42). */
export type AdminActKind = 'add' | 'remove' | 'makeReferent' | 'suspend' | 'restore';

/** What the dialog of an act asks: the reason always; the rest by act. */
export interface AdminActFields {
  /** Aggiungi un membro: the address of an existing account, and the role. */
  email: string;
  role: MemberRole;
  /** Rimuovi un membro, Nomina Referente: the member chosen. */
  member: OrganizationMember | null;
  /** Nomina Referente: the current Referenti become Compilatori. */
  demoteOthers: boolean;
  reason: string;
}

export interface OrganizationAdminActionsInput {
  organizationId: string;
}

/** How the last act went, until the next one is chosen. */
export type AdminActOutcome = { act: AdminActKind; fields: AdminActFields };

export interface OrganizationAdminActionsContext {
  organizationId: string;
  act: AdminActKind | null;
  fields: AdminActFields;
  /** Conferma was pressed with something missing: the dialog says what under each field. */
  showProblems: boolean;
  /** The server's refusal (Italian), shown in the dialog, which stays open. */
  failure: string | null;
  outcome: AdminActOutcome | null;
}

export type OrganizationAdminActionsEvent =
  /** One of the section's buttons: opens the act's dialog. */
  | { type: 'act.choose'; act: AdminActKind }
  /** Typing in or choosing in the dialog. */
  | { type: 'field.change'; field: 'email'; value: string }
  | { type: 'field.change'; field: 'reason'; value: string }
  | { type: 'field.change'; field: 'role'; value: MemberRole }
  | { type: 'field.change'; field: 'demoteOthers'; value: boolean }
  | { type: 'field.change'; field: 'member'; value: OrganizationMember | null }
  /** Conferma in the dialog. */
  | { type: 'act.confirm' }
  /** Annulla, Escape, the close button. */
  | { type: 'act.cancel' };

export interface OrganizationAdminActionsActorOutputs {
  performAct: undefined;
  reload: undefined;
}

export interface OrganizationAdminActionsActorInputs {
  performAct: { organizationId: string; act: AdminActKind; fields: AdminActFields };
  reload: { organizationId: string };
}

export type OrganizationAdminActionsActorId = keyof OrganizationAdminActionsActorOutputs;
