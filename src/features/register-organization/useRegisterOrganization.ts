import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { organizationMessages } from '../../../domain/messages/organization.ts';
import { registerOrganizationMessages } from '../../../domain/messages/registerOrganization.ts';
import { createRegisterOrganizationActors } from '../../../machines/register-organization/actors.ts';
import { registerOrganizationMachine } from '../../../machines/register-organization/registerOrganization.machine.ts';
import { createOrganization } from '../../api/organization.ts';
import { writeSelectedOrganizationId } from '../../api/selectedOrganization.ts';
import { getCurrentUser, userQueries } from '../../api/user.ts';
import { notify } from '../../ui/toastQueue.ts';
import { inspect } from '../../devtools/inspect.ts';

/** The page's register-organization actor, wired to the API, the session, the notifications and the router. */
export function useRegisterOrganization() {
  const { api, auth } = useRouteContext({ from: '__root__', select: (context) => ({ api: context.api, auth: context.auth }) });
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // Created once: the actor must keep the same logic for its whole life.
  const [machine] = useState(() =>
    registerOrganizationMachine.provide({
      actors: createRegisterOrganizationActors({
        createOrganization: (payload) => createOrganization(api, payload),
        refreshUser: async (orgId) => {
          // The new organisation is the one to work for (spec §3), before anything asks the server for it.
          writeSelectedOrganizationId(window.localStorage, orgId);
          await queryClient.invalidateQueries({ queryKey: userQueries.all });
          auth.send({ type: 'user.updated', user: await getCurrentUser(api) });
        },
      }),
      actions: {
        announceFailure: ({ context }) => {
          const r = registerOrganizationMessages;
          const o = organizationMessages;
          notify(
            context.failure?.kind === 'notRegistered'
              ? { tone: 'error', title: o.createFailed, description: o.createFailedDetail }
              : { tone: 'error', title: r.callFailed, description: r.callFailedDetail },
          );
        },
        announceRegistered: () => {
          notify({ tone: 'success', title: organizationMessages.created, description: organizationMessages.createdDetail });
          void navigate({ to: '/calls' });
        },
      },
    }),
  );
  return useActorRef(machine, { inspect });
}
