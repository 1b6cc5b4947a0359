import type { SnapshotFrom } from 'xstate';
import { joinNoteProblem } from '../../domain/joinRequest.ts';
import { joinRequestMessages as m } from '../../domain/messages/joinRequest.ts';
import type { joinDecisionMachine } from './joinDecision.machine.ts';

export type JoinDecisionSnapshot = SnapshotFrom<typeof joinDecisionMachine>;

/** What the requests' list shows of a decision: the outcome above the list, and the confirmation dialog. */
export interface JoinDecisionView {
  notice: { tone: 'success' | 'error'; text: string } | null;
  dialog: {
    isOpen: boolean;
    /** The decision is on its way: the buttons are disabled and the dialog cannot be closed. */
    isDeciding: boolean;
    isRefusal: boolean;
    title: string;
    /** The question, while the dialog is about a request. */
    text: string | null;
    note: string;
    noteError: string | null;
    canConfirm: boolean;
  };
}

const personOf = (request: { requesterName: string; requesterEmail: string }) =>
  request.requesterName ? `${request.requesterName} (${request.requesterEmail})` : request.requesterEmail;

export function selectJoinDecisionView(snapshot: JoinDecisionSnapshot): JoinDecisionView {
  const { outcome, request, decision, note } = snapshot.context;
  const isOpen = snapshot.matches('confirming') || snapshot.matches('deciding');
  const isRefusal = decision === 'refuse';
  return {
    notice:
      outcome === null
        ? null
        : outcome.kind === 'failed'
          ? { tone: 'error', text: outcome.message }
          : {
              tone: 'success',
              text: outcome.decision === 'accept' ? m.accepted(personOf(outcome.request)) : m.refused(personOf(outcome.request)),
            },
    dialog: {
      isOpen,
      isDeciding: snapshot.matches('deciding'),
      isRefusal,
      title: isRefusal ? m.refuseTitle : m.acceptTitle,
      text:
        isOpen && request !== null ? (isRefusal ? m.refuseConfirm : m.acceptConfirm)(personOf(request), request.organizationName) : null,
      note,
      noteError: joinNoteProblem(note),
      canConfirm: snapshot.can({ type: 'decision.confirm' }),
    },
  };
}
