import { useRouteContext } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { createConnectOrganizationActors } from '../../../machines/connect-organization/actors.ts';
import { connectOrganizationMachine } from '../../../machines/connect-organization/connectOrganization.machine.ts';
import { getPIva } from '../../api/organization.ts';
import { inspect } from '../../devtools/inspect.ts';

/** The page's own connect-organization actor, wired to the API. */
export function useConnectOrganization() {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  // Created once: the actor must keep the same logic for its whole life.
  const [machine] = useState(() =>
    connectOrganizationMachine.provide({
      actors: createConnectOrganizationActors({ getPIva: (pIva, signal) => getPIva(api, pIva, signal) }),
    }),
  );
  return useActorRef(machine, { inspect });
}
