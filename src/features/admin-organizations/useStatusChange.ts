import { useQueryClient } from '@tanstack/react-query';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { applicationStatusLabels } from '../../../domain/applicationStatus.ts';
import { italianCalendarDay } from '../../../domain/italianDates.ts';
import { adminPanelMessages } from '../../../domain/messages/adminPanel.ts';
import { applicationsMessages } from '../../../domain/messages/applications.ts';
import { createStatusChangeActors } from '../../../machines/status-change/actors.ts';
import { statusChangeMachine } from '../../../machines/status-change/statusChange.machine.ts';
import { selectStatusChangeView } from '../../../machines/status-change/selectors.ts';
import type { ItemTarget, StatusChangeRequest } from '../../../machines/status-change/types.ts';
import { applicationQueries, updateCompilationStatus } from '../../api/applications.ts';
import type { ApiClient } from '../../api/client.ts';
import { inspect } from '../../devtools/inspect.ts';
import { notify } from '../../ui/toastQueue.ts';
import type { StatusChangeDialogProps } from './StatusChangeDialog.tsx';

export interface StatusChangeFocus {
  /**
   * Where the focus goes when the dialog closes and its "Cambia stato" is gone (no further change offered). Read
   * from the first render on, as the machine is.
   */
  focusFallback?: () => HTMLElement | null;
}

/**
 * The admin's status change (spec §4), as the list and every admin page about one application offer it: the
 * status-change machine, its request to the server, the toasts, and what the dialog renders. `chooseStatus`
 * opens the dialog for one change; `dialog` is StatusChangeDialog's props. After a change (or a refusal, which
 * may mean somebody changed it first) every application query is refreshed; a refusal's message is the dialog's.
 */
export function useStatusChange(
  api: ApiClient,
  { focusFallback }: StatusChangeFocus = {},
): { chooseStatus(request: StatusChangeRequest): void; dialog: StatusChangeDialogProps } {
  const queryClient = useQueryClient();
  const statusChange = useActorRef(
    statusChangeMachine.provide({
      actors: createStatusChangeActors(async ({ request, note, deadline, items }) => {
        await updateCompilationStatus(api, {
          fund: request.fund,
          applicationId: request.applicationId,
          status: applicationStatusLabels[request.to],
          note,
          deadline,
          items,
        });
      }),
      actions: {
        notifySucceeded: () => {
          notify({ tone: 'success', title: applicationsMessages.statusChangedTitle, description: applicationsMessages.statusChanged });
          void queryClient.invalidateQueries({ queryKey: applicationQueries.all });
        },
        returnFocus: ({ context }) => {
          const { request } = context;
          if (!request) return;
          // Once the dialog has gone (it keeps the focus inside itself while it is there).
          requestAnimationFrame(() => {
            const label = adminPanelMessages.changeStatusOf(request.fund, request.organizationName);
            const trigger = document.querySelector<HTMLElement>(`button[aria-label="${CSS.escape(label)}"]`);
            (trigger ?? focusFallback?.())?.focus();
          });
        },
        // The dialog stays open with the server's message and what was typed (issue 46); no toast repeats it.
        refreshAfterFailure: () => void queryClient.invalidateQueries({ queryKey: applicationQueries.all }),
      },
    }),
    { inspect },
  );
  const view = useSelector(statusChange, selectStatusChangeView, shallowEqual);
  // Stable callbacks: the memoised list rows and dialog do not re-render for them.
  const events = useMemo(
    () => ({
      chooseStatus: (next: StatusChangeRequest) => statusChange.send({ type: 'status.choose', request: next }),
      onNoteChange: (value: string) => statusChange.send({ type: 'note.change', note: value }),
      onDeadlineChange: (value: string | null) =>
        statusChange.send({ type: 'deadline.change', deadline: value, today: italianCalendarDay(new Date()) }),
      onItemAdd: (item: ItemTarget) => statusChange.send({ type: 'item.add', item }),
      onItemMessage: (item: ItemTarget, message: string) =>
        statusChange.send({ type: 'item.message', kind: item.kind, target: item.target, message }),
      onItemRemove: (item: ItemTarget) => statusChange.send({ type: 'item.remove', kind: item.kind, target: item.target }),
      onProposalApply: () => statusChange.send({ type: 'proposal.apply' }),
      onConfirm: () => statusChange.send({ type: 'dialog.confirm' }),
      onCancel: () => statusChange.send({ type: 'dialog.cancel' }),
    }),
    [statusChange],
  );
  const { chooseStatus, ...handlers } = events;
  return {
    chooseStatus,
    dialog: { ...view, ...handlers, api },
  };
}
