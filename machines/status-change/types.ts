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
  /** The note, as typed: optional, except for In integrazione, where it is the request to the applicant. */
  note: string;
  /** In integrazione: the optional deadline (YYYY-MM-DD). */
  deadline: string | null;
  /** The server's message when the last change failed. */
  error: string | null;
}

export type StatusChangeEvent =
  | { type: 'status.choose'; request: StatusChangeRequest }
  | { type: 'note.change'; note: string }
  | { type: 'deadline.change'; deadline: string | null }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' };

export interface ChangeStatusInput {
  request: StatusChangeRequest;
  note: string;
  deadline: string | null;
}
