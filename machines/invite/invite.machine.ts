import { assign, setup } from 'xstate';
import { MAX_INVITATIONS_PER_REQUEST } from '../../domain/invitation.ts';
import { hostPromise } from '../host.ts';
import type { InviteContext, InviteEvent, SendInvitesInput, SendInvitesOutput } from './types.ts';

export const inviteMachine = setup({
  types: {
    context: {} as InviteContext,
    events: {} as InviteEvent,
  },
  actors: {
    sendInvites: hostPromise<SendInvitesOutput, SendInvitesInput>('invite', 'sendInvites'),
  },
  guards: {
    hasAnyAddress: ({ context }) => context.emails.some((email) => email.trim() !== ''),
    canAddAddress: ({ context }) => context.emails.length < MAX_INVITATIONS_PER_REQUEST,
    canRemoveAddress: ({ context }, params: { index: number }) => context.emails.length > 1 && params.index < context.emails.length,
  },
  actions: {
    changeEmail: assign(({ context }, params: { index: number; value: string }) => {
      const { [params.index]: _fixed, ...errors } = context.errors;
      return { emails: context.emails.map((email, i) => (i === params.index ? params.value : email)), errors };
    }),
    addEmail: assign(({ context }) => ({ emails: [...context.emails, ''] })),
    // Messages follow their inputs: those after the removed one move up by one.
    removeEmail: assign(({ context }, params: { index: number }) => ({
      emails: context.emails.filter((_, i) => i !== params.index),
      errors: Object.fromEntries(
        Object.entries(context.errors)
          .map(([i, message]) => [Number(i), message] as const)
          .filter(([i]) => i !== params.index)
          .map(([i, message]) => [i > params.index ? i - 1 : i, message]),
      ),
    })),
    changeMessage: assign((_, params: { value: string }) => ({ message: params.value })),
    clearOutcome: assign({ sent: [], skipped: [] }),
    // Sent addresses leave the form; those that are not addresses stay, each with its message, to be fixed.
    storeOutcome: assign(({ context }, params: { output: SendInvitesOutput }) => {
      const { sent, invalid } = params.output;
      return {
        emails: invalid.length > 0 ? invalid.map((entry) => entry.address) : [''],
        errors: Object.fromEntries(invalid.map((entry, i) => [i, entry.message])),
        message: invalid.length > 0 ? context.message : '',
        sent,
        skipped: invalid.map((entry) => entry.address),
      };
    }),
  },
}).createMachine({
  id: 'invite',
  description:
    'Spec §2 /invite-collaborate: invites collaborators to the selected organisation by e-mail. Spec §8: a failed ' +
    'send is not reported; addresses that are not addresses are named so they can be fixed.',
  context: { emails: [''], message: '', errors: {}, sent: [], skipped: [] },
  initial: 'editing',
  states: {
    editing: {
      initial: 'idle',
      states: {
        idle: {},
        done: { description: 'The outcome of the last Invia shows until the form is touched.' },
      },
      on: {
        'email.change': {
          target: '.idle',
          actions: [{ type: 'changeEmail', params: ({ event }) => ({ index: event.index, value: event.value }) }, 'clearOutcome'],
        },
        'email.add': { guard: 'canAddAddress', target: '.idle', actions: ['addEmail', 'clearOutcome'] },
        'email.remove': {
          guard: { type: 'canRemoveAddress', params: ({ event }) => ({ index: event.index }) },
          target: '.idle',
          actions: [{ type: 'removeEmail', params: ({ event }) => ({ index: event.index }) }, 'clearOutcome'],
        },
        'message.change': { actions: { type: 'changeMessage', params: ({ event }) => ({ value: event.value }) } },
        'invite.send': { guard: 'hasAnyAddress', target: 'sending', actions: 'clearOutcome' },
      },
    },
    sending: {
      invoke: {
        id: 'sendInvites',
        src: 'sendInvites',
        input: ({ context }) => ({
          emails: context.emails.map((email) => email.trim()).filter((email) => email !== ''),
          message: context.message,
        }),
        onDone: {
          target: 'editing.done',
          actions: { type: 'storeOutcome', params: ({ event }) => ({ output: event.output }) },
        },
        // Spec §8: invite failure is ignored; what was typed stays, so Invia can be pressed again.
        onError: { target: 'editing.idle' },
      },
    },
  },
});
