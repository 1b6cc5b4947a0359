import { assertEvent, assign, setup } from 'xstate';
import { createOrganizationSchema, type CreateOrganizationInput } from '../../domain/organization.ts';
import { hostAction, hostPromises } from '../host.ts';
import { toRegistrationFailure } from './actors.ts';
import type {
  FailureKind,
  RegisterOrganizationActorInputs,
  RegisterOrganizationActorOutputs,
  RegisterOrganizationContext,
  RegisterOrganizationEvent,
} from './types.ts';

/** The browser and the tests supply the calls with `.provide()`. */
const fromHost = hostPromises<RegisterOrganizationActorOutputs, RegisterOrganizationActorInputs>('register-organization');

function submittedPayload({ event }: { event: RegisterOrganizationEvent }): CreateOrganizationInput {
  assertEvent(event, 'form.submit');
  return event.payload;
}

/** A refusal names fields; a duplicate VAT (409) is about the VAT even when it names none. */
function serverErrorsOf(error: unknown): Record<string, string> {
  const failure = toRegistrationFailure(error);
  const byField: Record<string, string> = {};
  for (const issue of failure.issues) byField[issue.field] ??= issue.message;
  if (failure.status === 409 && failure.issues.length === 0) byField.pIva = failure.message;
  return byField;
}

export const registerOrganizationMachine = setup({
  types: {
    context: {} as RegisterOrganizationContext,
    events: {} as RegisterOrganizationEvent,
  },
  actors: {
    createOrganization: fromHost('createOrganization'),
    refreshUser: fromHost('refreshUser'),
  },
  guards: {
    // The same schema the server applies: what passes here is what the server accepts (bar duplicates).
    isValidPayload: (_, params: { payload: CreateOrganizationInput }) => createOrganizationSchema.safeParse(params.payload).success,
    // An answer that refuses the data (4xx) rather than a call that did not go through (no answer, 5xx).
    isRefused: (_, params: { error: unknown }) => {
      const { status } = toRegistrationFailure(params.error);
      return status !== null && status >= 400 && status < 500;
    },
  },
  actions: {
    markSubmitAttempted: assign({ submitAttempted: true }),
    forgetServerError: assign(({ context }, params: { field: string }) => {
      if (!(params.field in context.serverErrors)) return {};
      const { [params.field]: _forgotten, ...rest } = context.serverErrors;
      return { serverErrors: rest };
    }),
    clearOutcome: assign({ serverErrors: {}, failure: null }),
    storeServerErrors: assign((_, params: { error: unknown }) => ({ serverErrors: serverErrorsOf(params.error) })),
    storeFailure: assign((_, params: { error: unknown; kind: FailureKind }) => ({
      failure: { kind: params.kind, message: toRegistrationFailure(params.error).message },
    })),
    storeOrgId: assign((_, params: { orgId: string }) => ({ orgId: params.orgId })),
    // Host: the notifications of spec §8 and the way to /calls. They run after the assigns before them.
    announceFailure: hostAction(),
    announceRegistered: hostAction(),
  },
}).createMachine({
  id: 'registerOrganization',
  description:
    'Spec §2 /register-org and §5: the registration form is sent once it is valid; a refusal keeps everything typed ' +
    'and marks the fields; success selects the new organisation and goes to /calls.',
  context: { submitAttempted: false, serverErrors: {}, failure: null, orgId: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'The form is being filled in. Registra is offered once the required fields are filled.',
      on: {
        'field.change': {
          actions: { type: 'forgetServerError', params: ({ event }) => ({ field: event.field }) },
        },
        'form.submit': [
          {
            guard: { type: 'isValidPayload', params: ({ event }) => ({ payload: event.payload }) },
            target: 'submitting',
            actions: 'markSubmitAttempted',
          },
          // Invalid: nothing is sent; every field now shows what is wrong with it.
          { actions: 'markSubmitAttempted' },
        ],
      },
    },
    submitting: {
      description: 'POST /api/Organization/CreateOrganization.',
      entry: 'clearOutcome',
      invoke: {
        id: 'createOrganization',
        src: 'createOrganization',
        input: (args) => ({ payload: submittedPayload(args) }),
        onDone: {
          target: 'refreshingUser',
          actions: { type: 'storeOrgId', params: ({ event }) => ({ orgId: event.output.orgId }) },
        },
        onError: [
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: [
              { type: 'storeServerErrors', params: ({ event }) => ({ error: event.error }) },
              { type: 'storeFailure', params: ({ event }) => ({ error: event.error, kind: 'notRegistered' as const }) },
              'announceFailure',
            ],
          },
          {
            target: 'editing',
            actions: [
              { type: 'storeFailure', params: ({ event }) => ({ error: event.error, kind: 'callFailed' as const }) },
              'announceFailure',
            ],
          },
        ],
      },
    },
    refreshingUser: {
      description:
        'The organisation exists: it becomes the selected one and the person is loaded again, so the header offers ' +
        '"La tua organizzazione". A failure here does not undo the registration.',
      invoke: {
        id: 'refreshUser',
        src: 'refreshUser',
        input: ({ context }) => ({ orgId: context.orgId ?? '' }),
        onDone: { target: 'registered' },
        onError: { target: 'registered' },
      },
    },
    registered: {
      description: '"Organizzazione registrata" / "Registrazione avvenuta con successo", then /calls.',
      type: 'final',
      entry: 'announceRegistered',
    },
  },
});
