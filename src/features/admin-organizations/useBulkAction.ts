import { useRouteContext } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { inspect } from '../../devtools/inspect.ts';
import { createBulkActionActors } from '../../../machines/bulk-action/actors.ts';
import { bulkActionMachine } from '../../../machines/bulk-action/bulkAction.machine.ts';
import { selectBulkActionView } from '../../../machines/bulk-action/selectors.ts';
import { bulkActionApi } from '../../api/bulkActions.ts';
import { applicationQueries } from '../../api/applications.ts';

/** The last result this browser's administrator closed: it is not shown again when the list opens. */
const CLOSED_KEY = 'portale.bulkAction.closed';
function readClosedResult(): string | null {
  try {
    return localStorage.getItem(CLOSED_KEY);
  } catch {
    return null; // storage refused (private mode): the latest result shows again, nothing worse
  }
}
function writeClosedResult(id: string): void {
  try {
    localStorage.setItem(CLOSED_KEY, id);
  } catch {
    // as above
  }
}

/**
 * The admin list's bulk-action machine (issue 44): one per visit of the list, asking first for the latest action
 * (running, or with a result not closed yet). A finished action refreshes the list (statuses changed).
 */
export function useBulkAction() {
  const { api } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  const actions = useMemo(() => bulkActionApi(api), [api]);
  const actor = useActorRef(
    bulkActionMachine.provide({
      actors: createBulkActionActors(actions, readClosedResult),
      actions: { forgetResult: (_, params) => writeClosedResult(params.id) },
    }),
    { inspect },
  );
  const view = useSelector(actor, selectBulkActionView, shallowEqual);
  useEffect(() => {
    if (view.isFinished && view.action?.kind === 'status') void queryClient.invalidateQueries({ queryKey: applicationQueries.all });
  }, [view.isFinished, view.action?.kind, queryClient]);
  return { view, send: actor.send, download: actions.download };
}

export type BulkActionHandle = ReturnType<typeof useBulkAction>;
