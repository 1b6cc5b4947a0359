import { assign, setup } from 'xstate';
import type { OrganizationMember } from '../../domain/organization.ts';
import { hostAction, hostPromises } from '../host.ts';
import { removalFailureMessage } from './actors.ts';
import type {
  MemberRemovalActorInputs,
  MemberRemovalActorOutputs,
  MemberRemovalContext,
  MemberRemovalEvent,
  MemberRemovalInput,
} from './types.ts';

/** The browser and the tests supply the calls with `.provide()`. */
const fromHost = hostPromises<MemberRemovalActorOutputs, MemberRemovalActorInputs>('member-removal');

/** The member being removed: only the states after `removal.open` ask, and it is stored there. */
function chosenMember(context: MemberRemovalContext): OrganizationMember {
  if (context.member === null) throw new Error('member-removal machine: no member was chosen');
  return context.member;
}

const isSelf = (context: MemberRemovalContext) => chosenMember(context).userId === context.currentUserId;

export const memberRemovalMachine = setup({
  types: {
    context: {} as MemberRemovalContext,
    events: {} as MemberRemovalEvent,
    input: {} as MemberRemovalInput,
  },
  actors: {
    removeMember: fromHost('removeMember'),
    reloadMembers: fromHost('reloadMembers'),
  },
  actions: {
    storeMember: assign((_, params: { member: OrganizationMember }) => ({ member: params.member })),
    forgetMember: assign({ member: null }),
    storeRemoved: assign(({ context }) => ({
      outcome: { kind: 'removed' as const, member: chosenMember(context), left: isSelf(context) },
    })),
    storeFailure: assign((_, params: { error: unknown }) => ({
      outcome: { kind: 'failed' as const, message: removalFailureMessage(params.error) },
    })),
    // Host: the removed row and its button are gone, so the list's heading takes the focus instead of the page's top.
    focusMembers: hostAction(),
  },
}).createMachine({
  id: 'memberRemoval',
  description:
    'Spec §2 Organisation profile: an organisation administrator removes a member, and anybody may leave, after a ' +
    'confirmation; the list is loaded again before the outcome is said, so what it says and what the table shows agree.',
  context: ({ input }) => ({ currentUserId: input.currentUserId, member: null, outcome: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The members list, with the outcome of the last removal when there was one.',
      on: {
        'removal.open': { target: 'confirming', actions: { type: 'storeMember', params: ({ event }) => ({ member: event.member }) } },
      },
    },
    confirming: {
      description: '"Sei sicuro di voler rimuovere … dall\'organizzazione?" (or, for oneself, leaving): Conferma / Annulla.',
      on: {
        'removal.confirm': { target: 'removing' },
        'removal.cancel': { target: 'idle', actions: 'forgetMember' },
      },
    },
    removing: {
      description: 'POST /api/Organization/RemoveMember; the dialog stays, its buttons disabled, and cannot be closed.',
      invoke: {
        id: 'removeMember',
        src: 'removeMember',
        input: ({ context }) => ({ member: chosenMember(context) }),
        onDone: { target: 'reloading' },
        onError: {
          target: 'idle',
          actions: [{ type: 'storeFailure', params: ({ event }) => ({ error: event.error }) }, 'forgetMember'],
        },
      },
    },
    reloading: {
      description: 'Removed: the dialog is closed and the organisation is loaded again (having left, the person goes to their home).',
      invoke: {
        id: 'reloadMembers',
        src: 'reloadMembers',
        input: ({ context }) => ({ member: chosenMember(context), left: isSelf(context) }),
        onDone: { target: 'idle', actions: ['storeRemoved', 'forgetMember', 'focusMembers'] },
        onError: {
          target: 'idle',
          actions: [{ type: 'storeFailure', params: ({ event }) => ({ error: event.error }) }, 'forgetMember'],
        },
      },
    },
  },
});
