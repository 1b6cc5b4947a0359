import { assertEvent, assign, setup } from 'xstate';
import { joinNoteProblem, type JoinDecision, type OpenJoinRequest } from '../../domain/joinRequest.ts';
import { hostAction, hostPromises } from '../host.ts';
import { decisionFailureMessage } from './actors.ts';
import type { JoinDecisionActorInputs, JoinDecisionActorOutputs, JoinDecisionContext, JoinDecisionEvent } from './types.ts';

/** The browser and the tests supply the calls with `.provide()`. */
const fromHost = hostPromises<JoinDecisionActorOutputs, JoinDecisionActorInputs>('join-decision');

/** The request and decision being confirmed: only the states after `decision.open` ask, and they are stored there. */
function chosen(context: JoinDecisionContext): { request: OpenJoinRequest; decision: JoinDecision } {
  if (context.request === null || context.decision === null) throw new Error('join-decision machine: no request was chosen');
  return { request: context.request, decision: context.decision };
}

export const joinDecisionMachine = setup({
  types: {
    context: {} as JoinDecisionContext,
    events: {} as JoinDecisionEvent,
  },
  actors: {
    decide: fromHost('decide'),
    reloadRequests: fromHost('reloadRequests'),
  },
  guards: {
    noteIsValid: ({ context }) => joinNoteProblem(context.note) === null,
  },
  actions: {
    storeChoice: assign(({ event }) => {
      assertEvent(event, 'decision.open');
      return { request: event.request, decision: event.decision, note: '' };
    }),
    storeNote: assign(({ event }) => {
      assertEvent(event, 'note.change');
      return { note: event.value };
    }),
    forgetChoice: assign({ request: null, decision: null, note: '' }),
    storeDecided: assign(({ context }) => ({ outcome: { kind: 'decided' as const, ...chosen(context) } })),
    storeFailure: assign((_, params: { error: unknown }) => ({
      outcome: { kind: 'failed' as const, message: decisionFailureMessage(params.error) },
    })),
    // Host: the decided row and its buttons are gone, so the list's heading takes the focus.
    focusRequests: hostAction(),
  },
}).createMachine({
  id: 'joinDecision',
  description:
    'Issue 42: a referent of the organisation, or a platform administrator, accepts or refuses a request to join after a ' +
    'confirmation with an optional note; the lists are loaded again before the outcome is said.',
  context: { request: null, decision: null, note: '', outcome: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The open requests, with the outcome of the last decision when there was one.',
      on: {
        'decision.open': { target: 'confirming', actions: 'storeChoice' },
      },
    },
    confirming: {
      description: '"Accetta la richiesta" / "Rifiuta la richiesta": who, which organisation, a note (optional, at most 500 characters).',
      on: {
        'note.change': { actions: 'storeNote' },
        'decision.confirm': { guard: 'noteIsValid', target: 'deciding' },
        'decision.cancel': { target: 'idle', actions: 'forgetChoice' },
      },
    },
    deciding: {
      description: 'POST /api/JoinRequest/DecideJoinRequest; the dialog stays, its buttons disabled.',
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => ({ ...chosen(context), note: context.note }),
        onDone: { target: 'reloading' },
        onError: {
          target: 'idle',
          actions: [{ type: 'storeFailure', params: ({ event }) => ({ error: event.error }) }, 'forgetChoice', 'focusRequests'],
        },
      },
    },
    reloading: {
      description: 'Decided: the dialog is closed and the requests (and members) are loaded again.',
      invoke: {
        id: 'reloadRequests',
        src: 'reloadRequests',
        input: ({ context }) => ({ request: chosen(context).request }),
        onDone: { target: 'idle', actions: ['storeDecided', 'forgetChoice', 'focusRequests'] },
        onError: {
          target: 'idle',
          actions: [{ type: 'storeFailure', params: ({ event }) => ({ error: event.error }) }, 'forgetChoice', 'focusRequests'],
        },
      },
    },
  },
});
