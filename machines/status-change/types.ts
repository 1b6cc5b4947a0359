import type { ApplicationStatusCode, Fund } from '../../domain/applicationStatus.ts';
import type { EvaluationProposal } from '../../domain/evaluationProposal.ts';
import type { IntegrationItemKind } from '../../domain/integration.ts';

/** Issue 44: a field or attachment slot the reviewer points at, as the picker offers it. */
export interface ItemTarget {
  kind: IntegrationItemKind;
  /** The field's contract name, or the slot's attachment type id as text. */
  target: string;
  /** The field's label (with its step) or the slot's name, as the wizard shows it. */
  label: string;
}

/** An item of the request being written: its target and the message for it, as typed. */
export interface DraftItem extends ItemTarget {
  message: string;
}

/** One application's status change as the admin asks for it (spec §4, Admin-offered changes). */
export interface StatusChangeRequest {
  fund: Fund;
  applicationId: string;
  organizationName: string;
  /** The organisation, when the page knows it: the item picker lists its attachment slots (issue 44). */
  organizationId?: string;
  from: ApplicationStatusCode;
  to: ApplicationStatusCode;
  /**
   * The reviewers' handed-over evaluation's proposed outcome and note (issue 44), when the page knows one: a change
   * to that outcome starts from its note, and a change to another target is offered it.
   */
  proposal?: EvaluationProposal | null;
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
  /** In integrazione (issue 44): the fields and slots to correct, each with its message, in the order added. */
  items: DraftItem[];
}

export type StatusChangeEvent =
  | { type: 'status.choose'; request: StatusChangeRequest }
  | { type: 'note.change'; note: string }
  /** `today` is the calendar day in Italy as the browser sees it: an earlier deadline is pointed out, not sent. */
  | { type: 'deadline.change'; deadline: string | null; today: string }
  /** In integrazione: a field or slot added to the request (once each). */
  | { type: 'item.add'; item: ItemTarget }
  | { type: 'item.message'; kind: IntegrationItemKind; target: string; message: string }
  | { type: 'item.remove'; kind: IntegrationItemKind; target: string }
  /** Issue 44: take the evaluation's proposed outcome as the target, and its note. */
  | { type: 'proposal.apply' }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' };

export interface ChangeStatusInput {
  request: StatusChangeRequest;
  note: string;
  deadline: string | null;
  /** In integrazione: the items, as the server takes them; empty otherwise. */
  items: { kind: IntegrationItemKind; target: string; message: string }[];
}
