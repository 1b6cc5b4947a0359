import type { ApplicationStatusCode, Fund } from '../../domain/applicationStatus.ts';

/** One application's status change as the admin asks for it (spec §4, Admin-offered changes). */
export interface StatusChangeRequest {
  fund: Fund;
  applicationId: string;
  organizationName: string;
  from: ApplicationStatusCode;
  to: ApplicationStatusCode;
}

export interface StatusChangeContext {
  request: StatusChangeRequest | null;
  /** The optional note, as typed. */
  note: string;
  /** The server's message when the last change failed. */
  error: string | null;
}

export type StatusChangeEvent =
  | { type: 'status.choose'; request: StatusChangeRequest }
  | { type: 'note.change'; note: string }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' };

export interface ChangeStatusInput {
  request: StatusChangeRequest;
  note: string;
}
