import { assign, setup } from 'xstate';
import type { AcceptInvitationResponse, InvitationView } from '../../domain/invitation.ts';
import { hostPromises } from '../host.ts';
import { toAcceptFailure } from './actors.ts';
import type {
  AcceptInvitationActorInputs,
  AcceptInvitationActorOutputs,
  AcceptInvitationContext,
  AcceptInvitationEvent,
  AcceptInvitationInput,
} from './types.ts';

/** The browser and the tests supply the calls with `.provide()`. */
const fromHost = hostPromises<AcceptInvitationActorOutputs, AcceptInvitationActorInputs>('accept-invitation');

export const acceptInvitationMachine = setup({
  types: {
    context: {} as AcceptInvitationContext,
    events: {} as AcceptInvitationEvent,
    input: {} as AcceptInvitationInput,
  },
  actors: {
    acceptInvitation: fromHost('acceptInvitation'),
    joinOrganization: fromHost('joinOrganization'),
  },
  guards: {
    wasUsed: ({ context }) => context.invitation?.status === 'accepted',
    hasExpired: ({ context }) => context.invitation?.status === 'expired',
    isPending: ({ context }) => context.invitation?.status === 'pending',
  },
  actions: {
    storeInvitation: assign((_, params: { invitation: InvitationView }) => ({ invitation: params.invitation, loadError: null })),
    storeLoadError: assign((_, params: { message: string }) => ({ loadError: params.message })),
    storeAccepted: assign((_, params: { accepted: AcceptInvitationResponse }) => ({ accepted: params.accepted })),
    storeFailure: assign((_, params: { error: unknown }) => ({ failure: toAcceptFailure(params.error) })),
    forgetFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'acceptInvitation',
  description:
    'Spec §2 (invitation link): the page shows which organisation and which address an invitation is for; the ' +
    'invited person accepts it once, joins the organisation and goes to its page. A used or expired invitation ' +
    'says so before anything is pressed; a refusal (another address signed in, used, expired) says why.',
  context: ({ input }) => ({
    token: input.token,
    userEmail: input.userEmail,
    invitation: input.invitation,
    loadError: null,
    accepted: null,
    failure: null,
  }),
  initial: 'loading',
  // GetInvitation may answer again (the page regains the focus): what it says now decides what is offered.
  on: {
    'invitation.loaded': {
      target: '.loading',
      actions: { type: 'storeInvitation', params: ({ event }) => ({ invitation: event.invitation }) },
    },
    'invitation.loadFailed': {
      target: '.unavailable',
      actions: { type: 'storeLoadError', params: ({ event }) => ({ message: event.message }) },
    },
  },
  states: {
    loading: {
      description: 'GET /api/Organization/GetInvitation: the spinner until the invitation is known.',
      always: [
        { guard: 'wasUsed', target: 'used' },
        { guard: 'hasExpired', target: 'expired' },
        { guard: 'isPending', target: 'confirming' },
      ],
    },
    unavailable: {
      description: 'The invitation could not be loaded (an unknown link, no answer): the reason, and nothing to press.',
    },
    used: {
      description: '"Questo invito è già stato utilizzato.": nothing to accept.',
    },
    expired: {
      description: 'The invitation has expired: it says so, nothing to accept.',
    },
    confirming: {
      description:
        'The organisation and the invited address, with "Accetta invito"; signed in with another address, the ' +
        'person is told to log in with the invited one.',
      on: {
        'invitation.accept': { target: 'accepting' },
      },
    },
    accepting: {
      description: 'POST /api/Organization/AcceptInvitation; the button says "Accettazione in corso…".',
      entry: 'forgetFailure',
      on: {
        // An answer arriving meanwhile changes nothing on screen: the acceptance decides what comes next.
        'invitation.loaded': { actions: { type: 'storeInvitation', params: ({ event }) => ({ invitation: event.invitation }) } },
        'invitation.loadFailed': { actions: { type: 'storeLoadError', params: ({ event }) => ({ message: event.message }) } },
      },
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'joining',
          actions: { type: 'storeAccepted', params: ({ event }) => ({ accepted: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    joining: {
      description:
        'Accepted: the organisation becomes the selected one, the person is loaded again (the header and the ' +
        'guards learn of the membership) and goes to the organisation page.',
      on: {
        'invitation.loaded': { actions: { type: 'storeInvitation', params: ({ event }) => ({ invitation: event.invitation }) } },
        'invitation.loadFailed': { actions: { type: 'storeLoadError', params: ({ event }) => ({ message: event.message }) } },
      },
      invoke: {
        id: 'joinOrganization',
        src: 'joinOrganization',
        input: ({ context }) => ({ organizationId: context.accepted?.organizationId ?? '' }),
        onDone: { target: 'accepted' },
        onError: {
          target: 'failed',
          actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description:
        'Refused or not sent: the reason takes the focus (with "Esci" when another address is signed in); ' +
        '"Accetta invito" may be pressed again.',
      on: {
        'invitation.loaded': { actions: { type: 'storeInvitation', params: ({ event }) => ({ invitation: event.invitation }) } },
        'invitation.accept': { target: 'accepting' },
      },
    },
    accepted: {
      description: '"Ora fai parte di «…»."',
      type: 'final',
    },
  },
});
