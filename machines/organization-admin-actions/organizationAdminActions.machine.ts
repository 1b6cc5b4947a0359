import { assign, setup } from 'xstate';
import { DEFAULT_MEMBER_ROLE } from '../../domain/organization.ts';
import { hostAction, hostPromises } from '../host.ts';
import { adminActFailureMessage } from './actors.ts';
import { adminActProblems, hasProblems } from './problems.ts';
import type {
  AdminActFields,
  AdminActKind,
  OrganizationAdminActionsActorInputs,
  OrganizationAdminActionsActorOutputs,
  OrganizationAdminActionsContext,
  OrganizationAdminActionsEvent,
  OrganizationAdminActionsInput,
} from './types.ts';

const fromHost = hostPromises<OrganizationAdminActionsActorOutputs, OrganizationAdminActionsActorInputs>('organization-admin-actions');

const emptyFields = (): AdminActFields => ({ email: '', role: DEFAULT_MEMBER_ROLE, member: null, demoteOthers: false, reason: '' });

function chosenAct(context: OrganizationAdminActionsContext): AdminActKind {
  if (context.act === null) throw new Error('organization-admin-actions machine: no act was chosen');
  return context.act;
}

export const organizationAdminActionsMachine = setup({
  types: {
    context: {} as OrganizationAdminActionsContext,
    events: {} as OrganizationAdminActionsEvent,
    input: {} as OrganizationAdminActionsInput,
  },
  actors: {
    performAct: fromHost('performAct'),
    reload: fromHost('reload'),
  },
  guards: {
    isComplete: ({ context }) => !hasProblems(adminActProblems(chosenAct(context), context.fields)),
  },
  actions: {
    startAct: assign((_, params: { act: AdminActKind }) => ({
      act: params.act,
      fields: emptyFields(),
      showProblems: false,
      failure: null,
      outcome: null,
    })),
    changeField: assign(({ context }, params: { event: Extract<OrganizationAdminActionsEvent, { type: 'field.change' }> }) => ({
      fields: { ...context.fields, [params.event.field]: params.event.value },
    })),
    showProblems: assign({ showProblems: true }),
    storeFailure: assign((_, params: { error: unknown }) => ({ failure: adminActFailureMessage(params.error) })),
    forgetFailure: assign({ failure: null }),
    storeOutcome: assign(({ context }) => ({ outcome: { act: chosenAct(context), fields: context.fields } })),
    forgetAct: assign({ act: null, fields: emptyFields(), showProblems: false, failure: null }),
    // Host: the dialog is gone; the section's heading takes the focus, with the outcome below it.
    focusSection: hostAction(),
  },
}).createMachine({
  id: 'organizationAdminActions',
  description:
    'Issue 42: on the organisation page, a platform administrator chooses an act (add a member by e-mail, remove one, ' +
    'make one the Referente, suspend or give back the organisation); its dialog asks for what the act needs and a ' +
    'reason; Conferma sends it once, and the organisation and its history are loaded again before the outcome is said.',
  context: ({ input }) => ({
    organizationId: input.organizationId,
    act: null,
    fields: emptyFields(),
    showProblems: false,
    failure: null,
    outcome: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      description: 'The section: the status, the acts offered, the outcome of the last act.',
      on: {
        'act.choose': { target: 'reason', actions: { type: 'startAct', params: ({ event }) => ({ act: event.act }) } },
      },
    },
    reason: {
      description: 'The act’s dialog: what it needs (address and role, a member) and the reason, 10 to 1,000 characters.',
      on: {
        'field.change': { actions: [{ type: 'changeField', params: ({ event }) => ({ event }) }, 'forgetFailure'] },
        'act.confirm': [{ guard: 'isComplete', target: 'submitting' }, { actions: 'showProblems' }],
        'act.cancel': { target: 'choosing', actions: 'forgetAct' },
      },
    },
    submitting: {
      description: 'The act is sent; the dialog stays with its buttons disabled and cannot be closed.',
      invoke: {
        id: 'performAct',
        src: 'performAct',
        input: ({ context }) => ({ organizationId: context.organizationId, act: chosenAct(context), fields: context.fields }),
        onDone: { target: 'reloading' },
        onError: { target: 'failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description:
        'Refused: the dialog stays open and says the server’s reason; the administrator corrects and confirms again, or gives up.',
      on: {
        'field.change': { target: 'reason', actions: [{ type: 'changeField', params: ({ event }) => ({ event }) }, 'forgetFailure'] },
        // The fields are the ones just sent, complete: sent again as they are (an outage, a refusal since resolved).
        'act.confirm': { target: 'submitting', actions: 'forgetFailure' },
        'act.cancel': { target: 'choosing', actions: 'forgetAct' },
      },
    },
    reloading: {
      description: 'Done: the dialog is closed and the organisation and its history are loaded again.',
      invoke: {
        id: 'reload',
        src: 'reload',
        input: ({ context }) => ({ organizationId: context.organizationId }),
        onDone: { target: 'done', actions: ['storeOutcome', 'forgetAct', 'focusSection'] },
        onError: { target: 'done', actions: ['storeOutcome', 'forgetAct', 'focusSection'] },
      },
    },
    done: {
      description: 'The section says what was done; another act may be chosen.',
      on: {
        'act.choose': { target: 'reason', actions: { type: 'startAct', params: ({ event }) => ({ act: event.act }) } },
      },
    },
  },
});
