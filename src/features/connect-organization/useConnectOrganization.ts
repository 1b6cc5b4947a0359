import { useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { createConnectOrganizationActors } from '../../../machines/connect-organization/actors.ts';
import { connectOrganizationMachine } from '../../../machines/connect-organization/connectOrganization.machine.ts';
import { createJoinRequest, joinRequestQueries } from '../../api/joinRequests.ts';
import { getPIva } from '../../api/organization.ts';
import { inspect } from '../../devtools/inspect.ts';

/** The page's own connect-organization actor, wired to the API. */
export function useConnectOrganization() {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const queryClient = useQueryClient();
  // Created once: the actor must keep the same logic for its whole life.
  const [machine] = useState(() =>
    connectOrganizationMachine.provide({
      actors: createConnectOrganizationActors({
        getPIva: (pIva, signal) => getPIva(api, pIva, signal),
        requestJoin: (pIva, reason) => createJoinRequest(api, pIva, reason),
      }),
      actions: {
        announceJoinRequest: () => void queryClient.invalidateQueries({ queryKey: joinRequestQueries.mine(api).queryKey }),
      },
    }),
  );
  return useActorRef(machine, { inspect });
}
