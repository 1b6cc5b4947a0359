import { assign, setup } from 'xstate';
import type { MemberRole, OrganizationMember } from '../../domain/organization.ts';
import { hostAction, hostPromises } from '../host.ts';
import { roleChangeFailureMessage } from './actors.ts';
import type { MemberRoleChangeActorInputs, MemberRoleChangeActorOutputs, MemberRoleChangeContext, MemberRoleChangeEvent } from './types.ts';

/** The browser and the tests supply the calls with `.provide()`. */
const fromHost = hostPromises<MemberRoleChangeActorOutputs, MemberRoleChangeActorInputs>('member-role-change');

/** The member and the role chosen: only the states after `roleChange.open` ask, and they are stored there. */
function chosen(context: MemberRoleChangeContext): { member: OrganizationMember; role: MemberRole } {
  if (context.member === null || context.role === null) throw new Error('member-role-change machine: no member was chosen');
  return { member: context.member, role: context.role };
}

export const memberRoleChangeMachine = setup({
  types: {
    context: {} as MemberRoleChangeContext,
    events: {} as MemberRoleChangeEvent,
  },
  actors: {
    changeRole: fromHost('changeRole'),
    reloadMembers: fromHost('reloadMembers'),
  },
  actions: {
    storeMember: assign((_, params: { member: OrganizationMember }) => ({ member: params.member, role: params.member.role })),
    storeRole: assign((_, params: { role: MemberRole }) => ({ role: params.role })),
    forgetMember: assign({ member: null, role: null }),
    storeChanged: assign(({ context }) => ({ outcome: { kind: 'changed' as const, ...chosen(context) } })),
    storeFailure: assign((_, params: { error: unknown }) => ({
      outcome: { kind: 'failed' as const, message: roleChangeFailureMessage(params.error) },
    })),
    // Host: the dialog is gone, so the list's heading takes the focus instead of the page's top.
    focusMembers: hostAction(),
  },
  guards: {
    isNewRole: ({ context }) => context.member !== null && context.role !== context.member.role,
  },
}).createMachine({
  id: 'memberRoleChange',
  description:
    'Issue 42: a Referente gives a member another role (Referente, Compilatore, Sola lettura) in a dialog; the list is ' +
    'loaded again before the outcome is said. The server keeps the last Referente (409) and records the change in the ' +
    'organisation’s history.',
  context: { member: null, role: null, outcome: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The members list, with the outcome of the last change when there was one.',
      on: {
        'roleChange.open': { target: 'choosing', actions: { type: 'storeMember', params: ({ event }) => ({ member: event.member }) } },
      },
    },
    choosing: {
      description: '"Cambia il ruolo di …": the three roles, the member’s own chosen; Salva ruolo (once another is chosen) / Annulla.',
      on: {
        'roleChange.select': { actions: { type: 'storeRole', params: ({ event }) => ({ role: event.role }) } },
        'roleChange.confirm': { target: 'saving', guard: 'isNewRole' },
        'roleChange.cancel': { target: 'idle', actions: 'forgetMember' },
      },
    },
    saving: {
      description: 'POST /api/Organization/ChangeMemberRole; the dialog stays, its controls disabled, and cannot be closed.',
      invoke: {
        id: 'changeRole',
        src: 'changeRole',
        input: ({ context }) => chosen(context),
        onDone: { target: 'reloading' },
        onError: {
          target: 'idle',
          actions: [{ type: 'storeFailure', params: ({ event }) => ({ error: event.error }) }, 'forgetMember', 'focusMembers'],
        },
      },
    },
    reloading: {
      description: 'Changed: the dialog is closed and the organisation is loaded again.',
      invoke: {
        id: 'reloadMembers',
        src: 'reloadMembers',
        onDone: { target: 'idle', actions: ['storeChanged', 'forgetMember', 'focusMembers'] },
        onError: {
          target: 'idle',
          actions: [{ type: 'storeFailure', params: ({ event }) => ({ error: event.error }) }, 'forgetMember', 'focusMembers'],
        },
      },
    },
  },
});
