import { useRouteContext } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import type { MemberRole, OrganizationMember } from '../../../domain/organization.ts';
import { createMemberRoleChangeActors } from '../../../machines/member-role-change/actors.ts';
import { memberRoleChangeMachine } from '../../../machines/member-role-change/memberRoleChange.machine.ts';
import { selectMemberRoleChangeView } from '../../../machines/member-role-change/selectors.ts';
import { changeMemberRole } from '../../api/organizationProfile.ts';
import { inspect } from '../../devtools/inspect.ts';

interface MemberRoleChangeOptions {
  organizationId: string;
  /** After a change: reload the organisation, so the list shows the new role. */
  onChanged(): Promise<void>;
  /** The list's heading, which takes the focus once the dialog is gone. */
  headingId: string;
}

/**
 * The members section's role-change actor, wired to the API and to the page's reload. It is the section's for one
 * organisation: the page gives the section a new key when the organisation changes.
 */
export function useMemberRoleChange({ organizationId, onChanged, headingId }: MemberRoleChangeOptions) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  // Created once: the actor must keep the same logic for its whole life.
  const [machine] = useState(() =>
    memberRoleChangeMachine.provide({
      actors: createMemberRoleChangeActors({
        changeRole: (member, role) => changeMemberRole(api, organizationId, member.userId, role),
        reloadMembers: onChanged,
      }),
      actions: {
        focusMembers: () => document.getElementById(headingId)?.focus(),
      },
    }),
  );
  const actor = useActorRef(machine, { inspect });
  const view = useSelector(actor, selectMemberRoleChangeView);
  const events = useMemo(
    () => ({
      open: (member: OrganizationMember) => actor.send({ type: 'roleChange.open', member }),
      select: (role: MemberRole) => actor.send({ type: 'roleChange.select', role }),
      confirm: () => actor.send({ type: 'roleChange.confirm' }),
      cancel: () => actor.send({ type: 'roleChange.cancel' }),
    }),
    [actor],
  );
  return { view, ...events };
}
