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
  /** In integrazione: the optional deadline (YYYY-MM-DD), as picked or typed. */
  deadline: string | null;
  /** The earliest deadline the server takes: the calendar day in Italy when the deadline was picked (YYYY-MM-DD). */
  earliestDeadline: string | null;
  /** The server's message when the last change failed: the dialog stays open with it and with what was typed. */
  error: string | null;
}

export type StatusChangeEvent =
  | { type: 'status.choose'; request: StatusChangeRequest }
  | { type: 'note.change'; note: string }
  /** `today` is the calendar day in Italy as the browser sees it: an earlier deadline is pointed out, not sent. */
  | { type: 'deadline.change'; deadline: string | null; today: string }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' };

export interface ChangeStatusInput {
  request: StatusChangeRequest;
  note: string;
  deadline: string | null;
}
