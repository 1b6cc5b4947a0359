import { useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import type { JoinDecision, OpenJoinRequest } from '../../../domain/joinRequest.ts';
import { createJoinDecisionActors } from '../../../machines/join-decision/actors.ts';
import { joinDecisionMachine } from '../../../machines/join-decision/joinDecision.machine.ts';
import { selectJoinDecisionView } from '../../../machines/join-decision/selectors.ts';
import { decideJoinRequest, joinRequestQueries } from '../../api/joinRequests.ts';
import { inspect } from '../../devtools/inspect.ts';
import { organizationProfileQueries } from '../../api/organizationProfile.ts';

/**
 * The requests list's join-decision actor, wired to the API: once decided, every list of requests and the
 * organisation's members are loaded again before the outcome is said; then the list's heading takes the focus.
 */
export function useJoinDecision(headingId: string) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const queryClient = useQueryClient();
  // Created once: the actor must keep the same logic for its whole life.
  const [machine] = useState(() =>
    joinDecisionMachine.provide({
      actors: createJoinDecisionActors({
        decide: (request, decision, note) => decideJoinRequest(api, request.id, decision, note),
        reloadRequests: async (request) => {
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: joinRequestQueries.all }),
            queryClient.invalidateQueries({ queryKey: organizationProfileQueries.detail(api, request.organizationId).queryKey }),
          ]);
        },
      }),
      actions: {
        focusRequests: () => document.getElementById(headingId)?.focus(),
      },
    }),
  );
  const actor = useActorRef(machine, { inspect });
  const view = useSelector(actor, selectJoinDecisionView);
  const events = useMemo(
    () => ({
      open: (request: OpenJoinRequest, decision: JoinDecision) => actor.send({ type: 'decision.open', request, decision }),
      changeNote: (value: string) => actor.send({ type: 'note.change', value }),
      confirm: () => actor.send({ type: 'decision.confirm' }),
      cancel: () => actor.send({ type: 'decision.cancel' }),
    }),
    [actor],
  );
  return { view, ...events };
}
