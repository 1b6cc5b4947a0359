import { assertEvent, assign, setup } from 'xstate';
import { isJoinRequestPastTerm } from '../../domain/joinRequest.ts';
import type { JoinRequestContext, JoinRequestEvent, JoinRequestInput } from './types.ts';

/** Whether the request is past its term at the event's instant (a request not yet made has none). */
function pastTerm(context: JoinRequestContext, event: JoinRequestEvent): boolean {
  return context.createdAt !== null && isJoinRequestPastTerm(new Date(context.createdAt), new Date(event.at));
}

export const joinRequestMachine = setup({
  types: {
    context: {} as JoinRequestContext,
    events: {} as JoinRequestEvent,
    input: {} as JoinRequestInput,
  },
  guards: {
    withinTerm: ({ context, event }) => {
      assertEvent(event, ['join.accept', 'join.refuse']);
      return !pastTerm(context, event);
    },
    pastTerm: ({ context, event }) => {
      assertEvent(event, 'join.expire');
      return pastTerm(context, event);
    },
  },
  actions: {
    storeCreatedAt: assign(({ event }) => {
      assertEvent(event, 'join.request');
      return { createdAt: event.at };
    }),
  },
}).createMachine({
  id: 'joinRequest',
  description:
    'Issue 42, claiming a registered P.IVA: a person asks to join the organisation with a reason; a referent of the ' +
    'organisation or a platform administrator accepts (the person becomes a Compilatore) or refuses it within 30 ' +
    'days, after which it expires and can no longer be decided. The server obeys it (transitions.ts).',
  context: ({ input }) => ({ createdAt: input.createdAt ?? null }),
  initial: 'new',
  states: {
    new: {
      description: 'Nothing asked yet: the person typed a registered P.IVA and was offered "Richiedi di entrare nell\u2019organizzazione".',
      on: {
        'join.request': { target: 'pending', actions: 'storeCreatedAt' },
      },
    },
    pending: {
      description:
        'Waiting for a decision: the referents were e-mailed and see it on the organisation page, platform administrators in ' +
        'the admin panel. The person sees nothing of the organisation.',
      on: {
        'join.accept': { guard: 'withinTerm', target: 'accepted' },
        'join.refuse': { guard: 'withinTerm', target: 'refused' },
        'join.expire': { guard: 'pastTerm', target: 'expired' },
      },
    },
    accepted: {
      type: 'final',
      description: 'The person is a member with the default role (Compilatore), made in the same transaction; they were e-mailed.',
    },
    refused: {
      type: 'final',
      description: 'Refused, with the decider\u2019s note if any; the person was e-mailed and still sees nothing of the organisation.',
    },
    expired: {
      type: 'final',
      description: '30 days passed undecided: marked by the periodic job, once; a new request may be made.',
    },
  },
});
