import type { SnapshotFrom } from 'xstate';
import type { PIvaLookup } from '../../domain/organization.ts';
import type { connectOrganisationMachine } from './connectOrganisation.machine.ts';

export type ConnectOrganisationSnapshot = SnapshotFrom<typeof connectOrganisationMachine>;

export const selectPIva = (snapshot: ConnectOrganisationSnapshot): string => snapshot.context.pIva;

/** Conferma is enabled exactly when the machine would accept it (11 digits, nothing under way). */
export const selectCanConfirm = (snapshot: ConnectOrganisationSnapshot): boolean => snapshot.can({ type: 'vat.confirm' });

export const selectIsChecking = (snapshot: ConnectOrganisationSnapshot): boolean => snapshot.matches('Checking');

export const selectIsNotRegistered = (snapshot: ConnectOrganisationSnapshot): boolean => snapshot.matches('NotRegistered');

/** The organisation to name in the open "already registered" message; null otherwise. */
export const selectRegisteredOrganization = (snapshot: ConnectOrganisationSnapshot): PIvaLookup | null =>
  snapshot.matches('AlreadyRegisteredOpen') ? snapshot.context.organization : null;

/** The refusal to show on the VAT box itself (wrong check digit). */
export const selectVatError = (snapshot: ConnectOrganisationSnapshot): string | null =>
  snapshot.matches('Rejected') ? snapshot.context.error : null;

/** A failed check (no answer, server error), shown as an alert. */
export const selectCheckFailure = (snapshot: ConnectOrganisationSnapshot): string | null =>
  snapshot.matches('CheckFailed') ? snapshot.context.error : null;
