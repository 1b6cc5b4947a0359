import { assign, setup } from 'xstate';
import type { DomandaSignature, DomandaStatus } from '../../domain/domandaSignature.ts';
import { domandaSignatureMessages as m } from '../../domain/messages/domandaSignature.ts';
import { hostPromises } from '../host.ts';
import { signatureFailureMessage } from './actors.ts';
import type {
  ChosenSignedFile,
  DomandaSignatureActorInputs,
  DomandaSignatureActorOutputs,
  DomandaSignatureContext,
  DomandaSignatureEvent,
  DomandaSignatureInput,
} from './types.ts';

/** The browser and the tests supply the calls with `.provide()`. */
const fromHost = hostPromises<DomandaSignatureActorOutputs, DomandaSignatureActorInputs>('domanda-signature');

const target = ({ context }: { context: DomandaSignatureContext }): DomandaSignatureInput => ({
  organizationId: context.organizationId,
  fund: context.fund,
});

export const domandaSignatureMachine = setup({
  types: {
    context: {} as DomandaSignatureContext,
    events: {} as DomandaSignatureEvent,
    input: {} as DomandaSignatureInput,
  },
  actors: {
    loadStatus: fromHost('loadStatus'),
    downloadDomanda: fromHost('downloadDomanda'),
    uploadSigned: fromHost('uploadSigned'),
    trialSign: fromHost('trialSign'),
  },
  actions: {
    storeStatus: assign((_, params: { status: DomandaStatus }) => ({ status: params.status, loadError: null })),
    storeLoadError: assign((_, params: { error: unknown }) => ({ loadError: signatureFailureMessage(params.error) ?? m.loadFailed })),
    // A verified file is the application's signature now: it signs the current content.
    storeSignature: assign(({ context }, params: { signature: DomandaSignature }) => ({
      status: context.status && { ...context.status, signature: params.signature },
      refusal: null,
    })),
    storeRefusal: assign((_, params: { error: unknown }) => ({ refusal: signatureFailureMessage(params.error) ?? m.uploadFailed })),
    clearMessages: assign({ refusal: null, downloadError: null }),
    storeDownloaded: assign({ downloaded: true, downloadError: null }),
    storeDownloadError: assign((_, params: { error: unknown }) => ({
      downloadError: signatureFailureMessage(params.error) ?? m.downloadFailed,
    })),
  },
  guards: {
    isIncomplete: (_, params: { status: DomandaStatus }) => params.status.domanda === null,
    isStale: (_, params: { status: DomandaStatus }) => params.status.signature?.stale === true,
    isSigned: (_, params: { status: DomandaStatus }) => params.status.signature !== null,
    hasDomanda: ({ context }) => context.status?.domanda != null,
    canTrialSign: ({ context }) => context.status?.domanda != null && context.status.trialSigning,
  },
}).createMachine({
  id: 'domandaSignature',
  description:
    'Issue 43: the Domanda the legal representative signs. The portal makes the PDF of the application as it is ' +
    'stored, the person downloads it, has it signed (CAdES .p7m or PAdES) and uploads the signed file, which the ' +
    'server verifies: the signature, that it signs exactly this Domanda, the signer’s codice fiscale (the legal ' +
    'representative’s), the certificate’s validity and authority. A change to the application afterwards makes ' +
    'the signed file stale; the hand-over needs a valid one when the call requires it.',
  context: ({ input }) => ({
    organizationId: input.organizationId,
    fund: input.fund,
    status: null,
    loadError: null,
    refusal: null,
    downloadError: null,
    downloaded: false,
  }),
  initial: 'generating',
  states: {
    generating: {
      description: 'GET /api/Domanda/GetDomandaStatus: the Domanda of the stored application, its SHA-256 and the signed file.',
      // A save stored meanwhile: read again, so what is shown is the Domanda of the latest save.
      on: { 'domanda.refresh': { target: 'generating', reenter: true } },
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        input: target,
        onDone: [
          {
            guard: { type: 'isIncomplete', params: ({ event }) => ({ status: event.output }) },
            target: 'incomplete',
            actions: { type: 'storeStatus', params: ({ event }) => ({ status: event.output }) },
          },
          {
            guard: { type: 'isStale', params: ({ event }) => ({ status: event.output }) },
            target: 'stale',
            actions: { type: 'storeStatus', params: ({ event }) => ({ status: event.output }) },
          },
          {
            guard: { type: 'isSigned', params: ({ event }) => ({ status: event.output }) },
            target: 'valid',
            actions: { type: 'storeStatus', params: ({ event }) => ({ status: event.output }) },
          },
          { target: 'unsigned', actions: { type: 'storeStatus', params: ({ event }) => ({ status: event.output }) } },
        ],
        onError: { target: 'unavailable', actions: { type: 'storeLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    unavailable: {
      description: 'The status could not be read: the reason and Riprova.',
      on: { 'domanda.refresh': { target: 'generating' } },
    },
    incomplete: {
      description:
        'A mandatory field or attachment is missing, or the organisation names no legal representative: the reason, no Domanda yet.',
      on: { 'domanda.refresh': { target: 'generating' } },
    },
    unsigned: {
      description: '"Scarica la domanda da firmare" with its SHA-256, and the empty slot "Domanda firmata digitalmente".',
      on: {
        'domanda.download': { target: 'downloading', guard: 'hasDomanda' },
        'domanda.upload': { target: 'verifying', guard: 'hasDomanda' },
        'domanda.trialSign': { target: 'trialSigning', guard: 'canTrialSign' },
        'domanda.refresh': { target: 'generating' },
      },
    },
    downloading: {
      description: 'The PDF is fetched and handed to the browser; then the status is read again.',
      entry: 'clearMessages',
      invoke: {
        id: 'downloadDomanda',
        src: 'downloadDomanda',
        input: ({ context }) => ({ ...target({ context }), fileName: context.status?.domanda?.fileName ?? '' }),
        onDone: { target: 'generating', actions: 'storeDownloaded' },
        onError: { target: 'generating', actions: { type: 'storeDownloadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    verifying: {
      description: 'POST /api/Domanda/UploadSignedDomanda: the server verifies the signed file against the Domanda.',
      entry: 'clearMessages',
      invoke: {
        id: 'uploadSigned',
        src: 'uploadSigned',
        input: ({ context, event }) => ({ ...target({ context }), file: (event as { file: ChosenSignedFile }).file }),
        onDone: { target: 'valid', actions: { type: 'storeSignature', params: ({ event }) => ({ signature: event.output }) } },
        onError: { target: 'invalid', actions: { type: 'storeRefusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    trialSigning: {
      description: 'POST /api/Domanda/TrialSignDomanda: the trial authority signs as the legal representative (no legal value).',
      entry: 'clearMessages',
      invoke: {
        id: 'trialSign',
        src: 'trialSign',
        input: target,
        onDone: { target: 'valid', actions: { type: 'storeSignature', params: ({ event }) => ({ signature: event.output }) } },
        onError: { target: 'invalid', actions: { type: 'storeRefusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    valid: {
      description: 'The signed file signs the current Domanda: who signed, the authority, when; the hand-over may go ahead.',
      on: {
        'domanda.download': { target: 'downloading', guard: 'hasDomanda' },
        'domanda.upload': { target: 'verifying', guard: 'hasDomanda' },
        'domanda.trialSign': { target: 'trialSigning', guard: 'canTrialSign' },
        'domanda.refresh': { target: 'generating' },
      },
    },
    invalid: {
      description: 'The file was refused, naming the check it failed; a signature kept before, if any, still stands.',
      on: {
        'domanda.download': { target: 'downloading', guard: 'hasDomanda' },
        'domanda.upload': { target: 'verifying', guard: 'hasDomanda' },
        'domanda.trialSign': { target: 'trialSigning', guard: 'canTrialSign' },
        'domanda.refresh': { target: 'generating' },
      },
    },
    stale: {
      description: 'The application changed after signing: "non più valida: la domanda è cambiata"; a new signature is needed.',
      on: {
        'domanda.download': { target: 'downloading', guard: 'hasDomanda' },
        'domanda.upload': { target: 'verifying', guard: 'hasDomanda' },
        'domanda.trialSign': { target: 'trialSigning', guard: 'canTrialSign' },
        'domanda.refresh': { target: 'generating' },
      },
    },
  },
});
