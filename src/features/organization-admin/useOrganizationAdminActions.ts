import { useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { createOrganizationAdminActionsActors } from '../../../machines/organization-admin-actions/actors.ts';
import { organizationAdminActionsMachine } from '../../../machines/organization-admin-actions/organizationAdminActions.machine.ts';
import { selectOrganizationAdminActionsView } from '../../../machines/organization-admin-actions/selectors.ts';
import type { AdminActKind, OrganizationAdminActionsEvent } from '../../../machines/organization-admin-actions/types.ts';
import { performAdminAct } from '../../api/organizationAdmin.ts';
import { inspect } from '../../devtools/inspect.ts';
import { organizationProfileQueries } from '../../api/organizationProfile.ts';
import { adminOrganizationQueries } from '../../api/adminOrganizations.ts';

/**
 * The section's actor for one organisation, wired to the API and to the page's queries: after an act the
 * organisation (members, status) and its history are loaded again, and the admin list, which shows the status.
 */
export function useOrganizationAdminActions({ organizationId, headingId }: { organizationId: string; headingId: string }) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  const queryClient = useQueryClient();
  // Created once: the actor must keep the same logic for its whole life.
  const [machine] = useState(() =>
    organizationAdminActionsMachine.provide({
      actors: createOrganizationAdminActionsActors({
        performAct: async (input) => {
          await performAdminAct(api, input);
        },
        reload: async () => {
          await queryClient.invalidateQueries({ queryKey: organizationProfileQueries.all });
          await queryClient.invalidateQueries({ queryKey: adminOrganizationQueries.list(api).queryKey });
        },
      }),
      actions: { focusSection: () => document.getElementById(headingId)?.focus() },
    }),
  );
  const actor = useActorRef(machine, { input: { organizationId }, inspect });
  const view = useSelector(actor, selectOrganizationAdminActionsView);
  const events = useMemo(
    () => ({
      choose: (act: AdminActKind) => actor.send({ type: 'act.choose', act }),
      change: (event: Omit<Extract<OrganizationAdminActionsEvent, { type: 'field.change' }>, 'type'>) =>
        actor.send({ type: 'field.change', ...event } as OrganizationAdminActionsEvent),
      confirm: () => actor.send({ type: 'act.confirm' }),
      cancel: () => actor.send({ type: 'act.cancel' }),
    }),
    [actor],
  );
  return { view, ...events };
}
