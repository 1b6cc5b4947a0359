import { useRouteContext } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { createConnectOrganisationActors } from '../../../machines/connect-organisation/actors.ts';
import { connectOrganisationMachine } from '../../../machines/connect-organisation/connectOrganisation.machine.ts';
import { getPIva } from '../../api/organization.ts';

/** The page's own connect-organisation actor, wired to the API. */
export function useConnectOrganisation() {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  // Created once: the actor must keep the same logic for its whole life.
  const [machine] = useState(() =>
    connectOrganisationMachine.provide({
      actors: createConnectOrganisationActors({ getPIva: (pIva, signal) => getPIva(api, pIva, signal) }),
    }),
  );
  return useActorRef(machine);
}
