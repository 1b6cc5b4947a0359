import { useRouteContext } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import type { OrganizationMember } from '../../../domain/organization.ts';
import { createMemberRemovalActors } from '../../../machines/member-removal/actors.ts';
import { memberRemovalMachine } from '../../../machines/member-removal/memberRemoval.machine.ts';
import { selectMemberRemovalView } from '../../../machines/member-removal/selectors.ts';
import { removeMember } from '../../api/organizationProfile.ts';
import { inspect } from '../../devtools/inspect.ts';

interface MemberRemovalOptions {
  organizationId: string;
  currentUserId: string;
  /** After a removal: reload the organisation; `left` when the person removed themselves. */
  onRemoved(member: OrganizationMember, left: boolean): Promise<void>;
  /** The list's heading, which takes the focus once a removed row and its button are gone. */
  headingId: string;
}

/**
 * The members section's member-removal actor, wired to the API and to the page's reload. It is the section's for
 * one organisation: the page gives the section a new key when the organisation changes.
 */
export function useMemberRemoval({ organizationId, currentUserId, onRemoved, headingId }: MemberRemovalOptions) {
  const api = useRouteContext({ from: '__root__', select: (context) => context.api });
  // Created once: the actor must keep the same logic for its whole life.
  const [machine] = useState(() =>
    memberRemovalMachine.provide({
      actors: createMemberRemovalActors({
        removeMember: (member) => removeMember(api, organizationId, member.userId),
        reloadMembers: onRemoved,
      }),
      actions: {
        focusMembers: () => document.getElementById(headingId)?.focus(),
      },
    }),
  );
  const actor = useActorRef(machine, { input: { currentUserId }, inspect });
  const view = useSelector(actor, selectMemberRemovalView);
  const events = useMemo(
    () => ({
      open: (member: OrganizationMember) => actor.send({ type: 'removal.open', member }),
      confirm: () => actor.send({ type: 'removal.confirm' }),
      cancel: () => actor.send({ type: 'removal.cancel' }),
    }),
    [actor],
  );
  return { view, ...events };
}
