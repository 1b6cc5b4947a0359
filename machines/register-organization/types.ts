import type { CreateOrganizationInput } from '../../domain/organization.ts';
import type { FieldMessage } from '../../domain/validation.ts';

/** Why the registration call failed: `status` null when no answer came; `message` Italian. */
export interface RegistrationFailure {
  status: number | null;
  message: string;
  issues: readonly FieldMessage[];
}

/** The notification to show after a failed attempt (spec §8, organisation creation). */
export type FailureKind = 'notRegistered' | 'callFailed';

export interface RegisterOrganizationContext {
  /** Set by the first Registra: from then on every invalid field shows its message, touched or not. */
  submitAttempted: boolean;
  /** Field → message from the server's last refusal; a field loses its message when it is edited. */
  serverErrors: Record<string, string>;
  /** What the last failure was, for the notification; null after success or before any attempt. */
  failure: { kind: FailureKind; message: string } | null;
  /** The new organisation's id, once registered. */
  orgId: string | null;
}

export type RegisterOrganizationEvent =
  /** A field changed; its server message (if any) no longer applies. */
  | { type: 'field.change'; field: string }
  /** Registra, with the payload built from the form. */
  | { type: 'form.submit'; payload: CreateOrganizationInput };

export interface RegisterOrganizationActorOutputs {
  createOrganization: { orgId: string };
  /** Loads the person again, so the header and the guards know their new organisation. */
  refreshUser: void;
}

export interface RegisterOrganizationActorInputs {
  createOrganization: { payload: CreateOrganizationInput };
  refreshUser: { orgId: string };
}

export type RegisterOrganizationActorId = keyof RegisterOrganizationActorOutputs;
