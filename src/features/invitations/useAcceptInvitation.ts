import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import type { User } from '../../../domain/user.ts';
import { acceptInvitationMachine } from '../../../machines/accept-invitation/acceptInvitation.machine.ts';
import { createAcceptInvitationActors } from '../../../machines/accept-invitation/actors.ts';
import { selectAcceptInvitationView } from '../../../machines/accept-invitation/selectors.ts';
import { acceptInvitation, invitationQueries } from '../../api/invitations.ts';
import { writeSelectedOrganizationId } from '../../api/selectedOrganization.ts';
import { getCurrentUser, userQueries } from '../../api/user.ts';
import { useAuthActor } from '../../auth/useAuth.ts';
import { inspect } from '../../devtools/inspect.ts';
import { acceptFailureOf } from './acceptFailure.ts';

/** A call whose rejection the machine keeps as the server's message (or the generic one). */
async function refusedAs<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw acceptFailureOf(error);
  }
}

/**
 * The invitation page's accept-invitation actor: GetInvitation's answers (the query the route may have loaded)
 * are told to it, and it accepts, selects the organisation, reloads the person and goes to the organisation page.
 */
export function useAcceptInvitation(token: string, user: User) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const auth = useAuthActor();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const invitation = useQuery(invitationQueries.view(api, token));

  // Created once: the actor must keep the same logic for its whole life.
  const [machine] = useState(() =>
    acceptInvitationMachine.provide({
      actors: createAcceptInvitationActors({
        acceptInvitation: (invitationToken) => refusedAs(() => acceptInvitation(api, invitationToken)),
        joinOrganization: (organizationId) =>
          refusedAs(async () => {
            // The new organisation becomes the one the person works for; the session learns they belong to it.
            writeSelectedOrganizationId(window.localStorage, organizationId);
            auth.send({ type: 'user.updated', user: await getCurrentUser(api) });
            await queryClient.invalidateQueries({ queryKey: userQueries.all });
            await navigate({ to: '/your-organization/$organizationId', params: { organizationId } });
          }),
      }),
    }),
  );
  const actor = useActorRef(machine, { input: { token, userEmail: user.email, invitation: invitation.data ?? null }, inspect });

  useEffect(() => {
    if (invitation.isError) actor.send({ type: 'invitation.loadFailed', message: invitation.error.message });
    else if (invitation.data !== undefined) actor.send({ type: 'invitation.loaded', invitation: invitation.data });
  }, [actor, invitation.data, invitation.isError, invitation.error]);

  const view = useSelector(actor, selectAcceptInvitationView, shallowEqual);
  const events = useMemo(
    () => ({
      accept: () => actor.send({ type: 'invitation.accept' }),
      logout: () => auth.send({ type: 'auth.logout' }),
    }),
    [actor, auth],
  );
  return { view, ...events };
}
