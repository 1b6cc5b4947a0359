import { useQueryClient } from '@tanstack/react-query';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { applicationStatusLabels } from '../../../domain/applicationStatus.ts';
import { applicationsMessages } from '../../../domain/messages/applications.ts';
import { createStatusChangeActors } from '../../../machines/status-change/actors.ts';
import { statusChangeMachine } from '../../../machines/status-change/statusChange.machine.ts';
import { selectStatusChangeView } from '../../../machines/status-change/selectors.ts';
import type { StatusChangeRequest } from '../../../machines/status-change/types.ts';
import { updateCompilationStatus } from '../../api/applications.ts';
import type { ApiClient } from '../../api/client.ts';
import { inspect } from '../../devtools/inspect.ts';
import { notify } from '../../ui/toastQueue.ts';
import type { StatusChangeDialogProps } from './StatusChangeDialog.tsx';

/**
 * The admin's status change (spec §4), as the list and every admin page about one application offer it: the
 * status-change machine, its request to the server, the toasts, and what the dialog renders. `chooseStatus`
 * opens the dialog for one change; `dialog` is StatusChangeDialog's props. After a change (or a failure, which
 * may mean somebody changed it first) every application query is refreshed.
 */
export function useStatusChange(api: ApiClient): { chooseStatus(request: StatusChangeRequest): void; dialog: StatusChangeDialogProps } {
  const queryClient = useQueryClient();
  const statusChange = useActorRef(
    statusChangeMachine.provide({
      actors: createStatusChangeActors(async ({ request, note, deadline }) => {
        await updateCompilationStatus(api, {
          fund: request.fund,
          applicationId: request.applicationId,
          status: applicationStatusLabels[request.to],
          note,
          deadline,
        });
      }),
      actions: {
        notifySucceeded: () => {
          notify({ tone: 'success', title: applicationsMessages.statusChangedTitle, description: applicationsMessages.statusChanged });
          void queryClient.invalidateQueries({ queryKey: ['application'] });
        },
        notifyFailed: () => {
          notify({ tone: 'error', title: applicationsMessages.statusChangedTitle, description: applicationsMessages.statusChangeFailed });
          void queryClient.invalidateQueries({ queryKey: ['application'] });
        },
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
      onDeadlineChange: (value: string | null) => statusChange.send({ type: 'deadline.change', deadline: value }),
      onConfirm: () => statusChange.send({ type: 'dialog.confirm' }),
      onCancel: () => statusChange.send({ type: 'dialog.cancel' }),
    }),
    [statusChange],
  );
  const { chooseStatus, ...handlers } = events;
  return {
    chooseStatus,
    dialog: { ...view, ...handlers },
  };
}
