import type { SnapshotFrom } from 'xstate';
import { joinReasonProblem, type MyJoinRequest } from '../../domain/joinRequest.ts';
import type { PIvaLookup } from '../../domain/organization.ts';
import type { connectOrganizationMachine } from './connectOrganization.machine.ts';

export type ConnectOrganizationSnapshot = SnapshotFrom<typeof connectOrganizationMachine>;

export const selectPIva = (snapshot: ConnectOrganizationSnapshot): string => snapshot.context.pIva;

/** Conferma is enabled exactly when the machine would accept it (11 digits, nothing under way). */
export const selectCanConfirm = (snapshot: ConnectOrganizationSnapshot): boolean => snapshot.can({ type: 'vat.confirm' });

export const selectIsChecking = (snapshot: ConnectOrganizationSnapshot): boolean => snapshot.matches('Checking');

export const selectIsNotRegistered = (snapshot: ConnectOrganizationSnapshot): boolean => snapshot.matches('NotRegistered');

/** The organisation to name in the open "already registered" message; null otherwise. */
export const selectRegisteredOrganization = (snapshot: ConnectOrganizationSnapshot): PIvaLookup | null =>
  snapshot.matches('AlreadyRegisteredOpen') ? snapshot.context.organization : null;

/** The refusal to show on the VAT box itself (wrong check digit). */
export const selectVatError = (snapshot: ConnectOrganizationSnapshot): string | null =>
  snapshot.matches('Rejected') ? snapshot.context.error : null;

/** A failed check (no answer, server error), shown as an alert. */
export const selectCheckFailure = (snapshot: ConnectOrganizationSnapshot): string | null =>
  snapshot.matches('CheckFailed') ? snapshot.context.error : null;

/** What the "Richiedi di entrare nell’organizzazione" form shows, while it is open; null otherwise. */
export interface JoinFormView {
  organizationName: string;
  reason: string;
  /** What is wrong with the reason, once the person tried to send it. */
  reasonError: string | null;
  isSending: boolean;
  /** The server's refusal, or the failure to reach it. */
  failure: string | null;
}

export function selectJoinForm(snapshot: ConnectOrganizationSnapshot): JoinFormView | null {
  const isSending = snapshot.matches('SendingJoin');
  if (!snapshot.matches('JoinReason') && !isSending) return null;
  const { reason, error } = snapshot.context;
  return {
    organizationName: snapshot.context.organization?.name ?? '',
    reason,
    reasonError: snapshot.matches({ JoinReason: 'invalid' }) ? joinReasonProblem(reason) : null,
    isSending,
    failure: snapshot.matches({ JoinReason: 'failed' }) ? error : null,
  };
}

/** The request just sent ("Richiesta inviata"); null otherwise. */
export const selectSentJoinRequest = (snapshot: ConnectOrganizationSnapshot): MyJoinRequest | null =>
  snapshot.matches('JoinSent') ? snapshot.context.joinRequest : null;

/** Everything the connect-organisation box renders, in one selection (compare with `shallowEqual`). */
export function selectConnectOrganizationView(snapshot: ConnectOrganizationSnapshot) {
  return {
    pIva: selectPIva(snapshot),
    canConfirm: selectCanConfirm(snapshot),
    isChecking: selectIsChecking(snapshot),
    isNotRegistered: selectIsNotRegistered(snapshot),
    registered: selectRegisteredOrganization(snapshot),
    vatError: selectVatError(snapshot),
    failure: selectCheckFailure(snapshot),
    canOfferJoin: snapshot.can({ type: 'join.open' }),
    joinForm: selectJoinForm(snapshot),
    sentJoinRequest: selectSentJoinRequest(snapshot),
  };
}
