import { assign, setup } from 'xstate';
import type { OrganizationLifecycleContext, OrganizationLifecycleEvent } from './types.ts';

/**
 * The standing of one organisation: active, or suspended by a platform administrator. The states are the stored
 * statuses (`organizations.status`); the server asks the machine whether an act is allowed and what follows
 * (transitions.ts), and whether the members may write (the tag `membersAct`): there is no second table anywhere.
 */
export const organizationLifecycleMachine = setup({
  types: {
    context: {} as OrganizationLifecycleContext,
    events: {} as OrganizationLifecycleEvent,
    input: {} as Partial<OrganizationLifecycleContext>,
  },
  actions: {
    storeReason: assign((_, params: { reason: string }) => ({ suspensionReason: params.reason })),
    forgetReason: assign({ suspensionReason: null }),
  },
}).createMachine({
  id: 'organizationLifecycle',
  description:
    'Issue 42: a platform administrator suspends an organisation, giving a reason (its members may still read, but ' +
    'no longer change or hand over anything; its applications keep their statuses; every page its members open ' +
    'says so with the reason), and gives it back, giving a reason too. The server obeys it: the access hook ' +
    'refuses members’ writes while the organisation is not tagged membersAct.',
  context: ({ input }) => ({ suspensionReason: input.suspensionReason ?? null }),
  initial: 'active',
  states: {
    active: {
      description: 'Attiva: its members act within their roles.',
      tags: ['membersAct'],
      on: {
        'admin.suspend': { target: 'suspended', actions: { type: 'storeReason', params: ({ event }) => ({ reason: event.reason }) } },
      },
    },
    suspended: {
      description:
        'Sospesa: members read but every change or hand-over is refused (403 organization_suspended, with the reason); ' +
        'platform administrators still change application statuses.',
      on: {
        'admin.restore': { target: 'active', actions: 'forgetReason' },
      },
    },
  },
});
