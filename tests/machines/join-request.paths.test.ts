import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { JOIN_REQUEST_EXPIRY_DAYS } from '../../domain/joinRequest.ts';
import { joinRequestMachine } from '../../machines/join-request/joinRequest.machine.ts';
import { selectIsDecidableAt, type JoinRequestSnapshot } from '../../machines/join-request/selectors.ts';
import { isDecidableAt, joinRequestStatusAfter, newJoinRequestStatus } from '../../machines/join-request/transitions.ts';
import type { JoinRequestEvent } from '../../machines/join-request/types.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge, recordTakenTransitions } from '../support/machineGraph.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures, checked by tsc against the machine's events: each event at an instant within the term and one past it.
// ---------------------------------------------------------------------------------------------

type EventFixtures = { [K in JoinRequestEvent['type']]: readonly Extract<JoinRequestEvent, { type: K }>[] };

const DAY_MS = 24 * 60 * 60 * 1000;
const ASKED = '2026-03-01T09:00:00.000Z';
const day = (n: number) => new Date(Date.parse(ASKED) + n * DAY_MS).toISOString();
const WITHIN = day(JOIN_REQUEST_EXPIRY_DAYS - 1);
const LAST_INSTANT = new Date(Date.parse(day(JOIN_REQUEST_EXPIRY_DAYS)) - 1).toISOString();
const PAST = day(JOIN_REQUEST_EXPIRY_DAYS);

const eventFixtures = {
  'join.request': [{ type: 'join.request', at: ASKED }],
  'join.accept': [
    { type: 'join.accept', at: WITHIN },
    { type: 'join.accept', at: PAST },
  ],
  'join.refuse': [
    { type: 'join.refuse', at: LAST_INSTANT },
    { type: 'join.refuse', at: PAST },
  ],
  'join.expire': [
    { type: 'join.expire', at: LAST_INSTANT },
    { type: 'join.expire', at: PAST },
  ],
} as const satisfies EventFixtures;

const events: JoinRequestEvent[] = Object.values(eventFixtures).flat();
const walk = pathsCoveringEveryEdge(joinRequestMachine, {
  input: {},
  events,
  filterEvents: (snapshot: JoinRequestSnapshot, event: JoinRequestEvent) => snapshot.can(event),
});

type Path = StatePath<JoinRequestSnapshot, JoinRequestEvent>;
const takenTransitions = new Set<string>();

const describePath = (path: Path) =>
  `${JSON.stringify(path.state.value)} via ${
    path.steps
      .slice(1)
      .map((step) => `${step.event.type}@${(step.event as JoinRequestEvent).at.slice(0, 10)}`)
      .join(' → ') || '(start)'
  }`;

describeMachinePaths({
  title: 'join-request machine',
  machine: joinRequestMachine,
  walks: [walk],
  name: describePath,
  taken: () => takenTransitions,

  replay: (path) => {
    const actor = createActor(joinRequestMachine, { input: {}, inspect: recordTakenTransitions(takenTransitions) });
    actor.start();
    for (const step of path.steps.slice(1)) {
      const event = step.event;
      const before = actor.getSnapshot();
      actor.send(event);
      const after = actor.getSnapshot();
      expect(after.value).toEqual(step.state.value);

      // A decision is taken only within the term, and expiry only past it: at no instant are both possible.
      if (before.matches('pending') && event.type !== 'join.request') {
        const past = Date.parse(event.at) - Date.parse(ASKED) >= JOIN_REQUEST_EXPIRY_DAYS * DAY_MS;
        const expected =
          event.type === 'join.expire'
            ? past
              ? 'expired'
              : 'pending'
            : past
              ? 'pending'
              : event.type === 'join.accept'
                ? 'accepted'
                : 'refused';
        expect(after.value, `${event.type} at ${event.at}`).toBe(expected);
        expect(selectIsDecidableAt(before, event.at)).toBe(!past);
      }
      // What the server asks gives the same answer as the running machine.
      if (before.value !== 'new') {
        const answered = joinRequestStatusAfter(before.value as 'pending', new Date(ASKED), event);
        expect(answered ?? before.value).toBe(after.value);
      }
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    expect(snapshot.context).toEqual(path.state.context);
    // Once decided or expired, nothing changes it again.
    if (!snapshot.matches('new') && !snapshot.matches('pending')) expect(snapshot.status).toBe('done');
    actor.stop();
  },

  coverage: () => {
    it('the server starts every request pending, and lists as open only what may still be decided', () => {
      expect(newJoinRequestStatus(new Date(ASKED))).toBe('pending');
      expect(isDecidableAt('pending', new Date(ASKED), new Date(LAST_INSTANT))).toBe(true);
      expect(isDecidableAt('pending', new Date(ASKED), new Date(PAST))).toBe(false);
      for (const status of ['accepted', 'refused', 'expired'] as const) {
        expect(isDecidableAt(status, new Date(ASKED), new Date(WITHIN))).toBe(false);
        expect(joinRequestStatusAfter(status, new Date(ASKED), { type: 'join.expire', at: PAST })).toBeNull();
      }
    });
  },
});
