import { assertEvent, assign, setup } from 'xstate';
import { keepDigits } from '../../domain/digits.ts';
import { joinReasonProblem, type MyJoinRequest } from '../../domain/joinRequest.ts';
import type { PIvaLookup } from '../../domain/organization.ts';
import { PIVA_LENGTH } from '../../domain/vatNumber.ts';
import { hostAction, hostPromises } from '../host.ts';
import { toLookupFailure } from './actors.ts';
import type {
  ConnectOrganizationActorInputs,
  ConnectOrganizationActorOutputs,
  ConnectOrganizationContext,
  ConnectOrganizationEvent,
} from './types.ts';

/** The browser and the tests supply the call with `.provide()`. */
const fromHost = hostPromises<ConnectOrganizationActorOutputs, ConnectOrganizationActorInputs>('connect-organization');

function typedVat({ event }: { event: ConnectOrganizationEvent }): string {
  assertEvent(event, 'vat.change');
  return keepDigits(event.value, PIVA_LENGTH);
}

export const connectOrganizationMachine = setup({
  types: {
    context: {} as ConnectOrganizationContext,
    events: {} as ConnectOrganizationEvent,
  },
  actors: {
    lookupPIva: fromHost('lookupPIva'),
    requestJoin: fromHost('requestJoin'),
  },
  guards: {
    // Typing a letter changes nothing (it is not inserted), so it must not throw away a result either.
    changesVat: ({ context }, params: { pIva: string }) => params.pIva !== context.pIva,
    isComplete: ({ context }) => context.pIva.length === PIVA_LENGTH,
    isNotRegistered: (_, params: { error: unknown }) => toLookupFailure(params.error).status === 404,
    isRefused: (_, params: { error: unknown }) => toLookupFailure(params.error).status === 400,
    reasonIsValid: ({ context }) => joinReasonProblem(context.reason) === null,
  },
  actions: {
    storeVat: assign((_, params: { pIva: string }) => ({ pIva: params.pIva })),
    forgetResult: assign({ organization: null, error: null, reason: '', joinRequest: null }),
    storeReason: assign(({ event }) => {
      assertEvent(event, 'reason.change');
      return { reason: event.value };
    }),
    forgetError: assign({ error: null }),
    forgetJoin: assign({ reason: '', joinRequest: null }),
    storeJoinRequest: assign((_, params: { request: MyJoinRequest }) => ({ joinRequest: params.request })),
    // Host: the person's list of requests is loaded again, so the new one shows there too.
    announceJoinRequest: hostAction(),
    storeOrganization: assign((_, params: { organization: PIvaLookup }) => ({ organization: params.organization })),
    storeError: assign((_, params: { error: unknown }) => ({ error: toLookupFailure(params.error).message })),
  },
}).createMachine({
  id: 'connectOrganization',
  description:
    'Spec §2 /flow-organization and §4 Connect-organization: the person types a VAT number (digits only, 11) and ' +
    'learns whether an organisation with it is registered. Knowing a VAT grants nothing: joining is by invitation, or ' +
    'by a request with a reason that the organisation\u2019s referents or a platform administrator accept (issue 42).',
  context: { pIva: '', organization: null, error: null, reason: '', joinRequest: null },
  initial: 'Default',
  on: {
    // A different VAT makes any earlier answer (or a check under way) meaningless.
    'vat.change': {
      guard: { type: 'changesVat', params: (args) => ({ pIva: typedVat(args) }) },
      target: '.Default',
      actions: [{ type: 'storeVat', params: (args) => ({ pIva: typedVat(args) }) }, 'forgetResult'],
    },
  },
  states: {
    Default: {
      description: 'The VAT box; Conferma is enabled only at exactly 11 digits.',
      on: {
        'vat.confirm': { guard: 'isComplete', target: 'Checking' },
      },
    },
    Checking: {
      description: 'POST /api/Organization/GetPIva: is an organisation registered with this VAT?',
      // A new answer: whatever was typed or sent to join the previous one is done with.
      entry: 'forgetJoin',
      invoke: {
        id: 'lookupPIva',
        src: 'lookupPIva',
        input: ({ context }) => ({ pIva: context.pIva }),
        onDone: {
          target: 'AlreadyRegisteredOpen',
          actions: { type: 'storeOrganization', params: ({ event }) => ({ organization: event.output }) },
        },
        onError: [
          { guard: { type: 'isNotRegistered', params: ({ event }) => ({ error: event.error }) }, target: 'NotRegistered' },
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'Rejected',
            actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'CheckFailed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    NotRegistered: {
      description: '"La P.IVA inserita non risulta registrata nella piattaforma", with a link to register it.',
      on: {
        'vat.confirm': { guard: 'isComplete', target: 'Checking' },
      },
    },
    AlreadyRegisteredOpen: {
      description:
        '"La P.IVA inserita risulta già registrata nella piattaforma", "Inserisci un altro codice p.iva per proseguire" ' +
        'and the organisation name; a member-to-be asks a colleague for an invitation, or asks to join ("Richiedi di ' +
        'entrare nell\u2019organizzazione").',
      on: {
        'dialog.close': { target: 'AlreadyRegisteredClose' },
        'vat.confirm': { guard: 'isComplete', target: 'Checking' },
        'join.open': { target: 'JoinReason' },
      },
    },
    JoinReason: {
      description: 'The reason\u2019s box (10 to 500 characters of plain text) with "Invia la richiesta" and Annulla.',
      initial: 'editing',
      on: {
        'reason.change': { actions: 'storeReason' },
        'join.cancel': { target: 'AlreadyRegisteredOpen', actions: ['forgetError', 'forgetJoin'] },
      },
      states: {
        editing: {
          description: 'Typing; nothing is said about the reason until the person tries to send it.',
          on: {
            'join.send': [{ guard: 'reasonIsValid', target: '#connectOrganization.SendingJoin' }, { target: 'invalid' }],
          },
        },
        invalid: {
          description: 'Sent too short or too long: what is wrong is said under the box, and changes as the person types.',
          on: {
            'join.send': { guard: 'reasonIsValid', target: '#connectOrganization.SendingJoin' },
          },
        },
        failed: {
          description: 'The server refused the request (already a member, too many requests) or did not answer: its message is shown.',
          on: {
            'join.send': { guard: 'reasonIsValid', target: '#connectOrganization.SendingJoin' },
          },
        },
      },
    },
    SendingJoin: {
      description: 'POST /api/JoinRequest/CreateJoinRequest with the P.IVA and the reason.',
      entry: 'forgetError',
      invoke: {
        id: 'requestJoin',
        src: 'requestJoin',
        input: ({ context }) => ({ pIva: context.pIva, reason: context.reason }),
        onDone: {
          target: 'JoinSent',
          actions: [{ type: 'storeJoinRequest', params: ({ event }) => ({ request: event.output }) }, 'announceJoinRequest'],
        },
        onError: {
          target: 'JoinReason.failed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    JoinSent: {
      description: '"Richiesta inviata": the request is pending; the person will be e-mailed when it is decided.',
      on: {
        'dialog.close': { target: 'AlreadyRegisteredClose', actions: 'forgetJoin' },
      },
    },
    AlreadyRegisteredClose: {
      description: 'The message was closed; the VAT box waits for another number.',
      on: {
        'vat.confirm': { guard: 'isComplete', target: 'Checking' },
      },
    },
    Rejected: {
      description: 'The server refused the number (wrong check digit): its Italian message is shown on the box.',
    },
    CheckFailed: {
      description: 'No answer or a server error: the message is shown and Conferma tries again.',
      on: {
        'vat.confirm': { guard: 'isComplete', target: 'Checking' },
      },
    },
  },
});
