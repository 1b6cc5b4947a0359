import type { MyJoinRequest } from '../../domain/joinRequest.ts';
import type { PIvaLookup } from '../../domain/organization.ts';

/** Why a VAT look-up failed: `status` null when no answer came; `message` Italian, for the person. */
export interface LookupFailure {
  status: number | null;
  message: string;
}

export interface ConnectOrganizationContext {
  /** The digits in the VAT box (never more than 11, never anything but digits). */
  pIva: string;
  /** The organisation registered with `pIva`, once the check found one. */
  organization: PIvaLookup | null;
  /** The Italian message of a refused VAT, of a failed check, or of a join request that was not sent. */
  error: string | null;
  /** The reason typed for "Richiedi di entrare nell’organizzazione". */
  reason: string;
  /** The request the server answered with, once sent. */
  joinRequest: MyJoinRequest | null;
}

export type ConnectOrganizationEvent =
  /** The person typed or pasted in the VAT box; `value` is the box's raw new text. */
  | { type: 'vat.change'; value: string }
  /** Conferma: look the VAT up (only with exactly 11 digits). */
  | { type: 'vat.confirm' }
  /** The "already registered" message was closed. */
  | { type: 'dialog.close' }
  /** "Richiedi di entrare nell’organizzazione": the reason's form opens. */
  | { type: 'join.open' }
  /** The person typed in the reason's box. */
  | { type: 'reason.change'; value: string }
  /** "Invia la richiesta". */
  | { type: 'join.send' }
  /** Annulla: back to the "already registered" message. */
  | { type: 'join.cancel' };

/** What each invoked actor resolves with; the keys are also the actor ids. */
export interface ConnectOrganizationActorOutputs {
  lookupPIva: PIvaLookup;
  requestJoin: MyJoinRequest;
}

export interface ConnectOrganizationActorInputs {
  lookupPIva: { pIva: string };
  requestJoin: { pIva: string; reason: string };
}

export type ConnectOrganizationActorId = keyof ConnectOrganizationActorOutputs;
