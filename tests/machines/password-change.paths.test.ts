import { expect } from 'vitest';
import { createActor } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { passwordMessages } from '../../domain/messages/password.ts';
import { applyStep, controlledActors } from '../support/controlledActors.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge, recordTakenTransitions } from '../support/machineGraph.ts';
import { passwordChangeMachine } from '../../machines/password-change/passwordChange.machine.ts';
import { selectIsChanged, selectIsSubmitting, type PasswordChangeSnapshot } from '../../machines/password-change/selectors.ts';
import type { ChangePasswordFailure, ChangePasswordInput, PasswordChangeEvent } from '../../machines/password-change/types.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures, checked by tsc: a new event without fixtures fails the type check.
// ---------------------------------------------------------------------------------------------

type EventFixtures = { [K in PasswordChangeEvent['type']]: readonly Extract<PasswordChangeEvent, { type: K }>[] };

const CURRENT = 'vecchia-password-1';
const SHORT = 'corta';
const NEW = 'nuova-password-2';
/** The confirmation with a typo. */
const MISTYPED = 'nuova-pasword-2';

const eventFixtures = {
  'field.change': [
    { type: 'field.change', field: 'currentPassword', value: CURRENT },
    { type: 'field.change', field: 'newPassword', value: SHORT },
    { type: 'field.change', field: 'newPassword', value: NEW },
    { type: 'field.change', field: 'confirmPassword', value: MISTYPED },
    { type: 'field.change', field: 'confirmPassword', value: NEW },
  ],
  'form.submit': [{ type: 'form.submit' }],
} as const satisfies EventFixtures;

const wrongCurrent: ChangePasswordFailure = {
  message: passwordMessages.changeFailedTitle,
  fieldErrors: { currentPassword: passwordMessages.currentWrong },
};

type ActorDoneEvent = { type: 'xstate.done.actor.changePassword'; output: undefined };
type ActorErrorEvent = { type: 'xstate.error.actor.changePassword'; error: unknown };
type GraphEvent = PasswordChangeEvent | ActorDoneEvent | ActorErrorEvent;

const graphEvents: GraphEvent[] = [
  ...Object.values(eventFixtures).flat(),
  { type: 'xstate.done.actor.changePassword', output: undefined },
  { type: 'xstate.error.actor.changePassword', error: wrongCurrent },
  // Not a failure the actor describes (a bug, a lost connection): the form says so in general terms.
  { type: 'xstate.error.actor.changePassword', error: new Error('network') },
];

const traversal = {
  events: graphEvents as PasswordChangeEvent[],
  filterEvents: (snapshot: PasswordChangeSnapshot, event: PasswordChangeEvent) => {
    if (!snapshot.can(event)) return false;
    if (event.type !== 'field.change') return true;
    const value = snapshot.context[event.field];
    // Typing the current password once is enough; the new one may be too short first, then right; its confirmation
    // may have a typo first, then match.
    if (event.field === 'currentPassword') return value === '';
    if (event.field === 'confirmPassword') return value === '' || (value === MISTYPED && event.value === NEW);
    return value === '' || (value === SHORT && event.value === NEW);
  },
};

type PasswordChangePath = StatePath<PasswordChangeSnapshot, PasswordChangeEvent>;

const walk = pathsCoveringEveryEdge(passwordChangeMachine, traversal);

const takenTransitions = new Set<string>();

function startReplay() {
  const requests: ChangePasswordInput[] = [];
  const controls = controlledActors();
  const actor = createActor(
    passwordChangeMachine.provide({
      actors: {
        changePassword: controls.promise<void, ChangePasswordInput>((request) => requests.push(request)),
      },
    }),
    { inspect: recordTakenTransitions(takenTransitions) },
  );
  actor.start();

  async function apply(event: GraphEvent): Promise<void> {
    await applyStep(actor, controls, event);
  }
  return { actor, requests, apply };
}

function describeEvent(event: GraphEvent): string {
  const name = event.type.replace(/^xstate\./, '');
  if (event.type === 'field.change') return `${name}(${event.field}=${event.value})`;
  if (event.type === 'xstate.error.actor.changePassword') return `${name}(${event.error instanceof Error ? 'unexpected' : 'refused'})`;
  return name;
}

function describePath(path: PasswordChangePath): string {
  const events = path.steps.slice(1).map((step) => describeEvent(step.event as GraphEvent));
  return `${JSON.stringify(path.state.value)} via ${events.join(' → ') || '(start)'}`;
}

describeMachinePaths({
  title: 'password-change machine',
  machine: passwordChangeMachine,
  walks: [walk],
  maxPaths: 200,
  name: describePath,
  taken: () => takenTransitions,
  replay: async (path) => {
    const { actor, requests, apply } = startReplay();
    for (const step of path.steps.slice(1)) {
      const before = actor.getSnapshot();
      const event = step.event as GraphEvent;
      await apply(event);
      const after = actor.getSnapshot();
      expect(after.value).toEqual(step.state.value);
      if (event.type === 'form.submit') {
        const { currentPassword, newPassword, confirmPassword } = before.context;
        const keepsRules = currentPassword !== '' && newPassword.length >= 10 && confirmPassword === newPassword;
        // Only a form that keeps the rules is sent, with exactly what was typed; otherwise each field says why.
        expect(selectIsSubmitting(after)).toBe(keepsRules);
        if (keepsRules) {
          expect(requests.at(-1)).toEqual({ currentPassword: before.context.currentPassword, newPassword: before.context.newPassword });
        } else {
          expect(Object.keys(after.context.errors).length).toBeGreaterThan(0);
          if (newPassword.length < 10) expect(after.context.errors.newPassword).toBe(passwordMessages.tooShort);
          // The confirmation never goes to the server: a missing or different one is said under its field.
          if (confirmPassword === '') expect(after.context.errors.confirmPassword).toBe(passwordMessages.confirmRequired);
          else if (confirmPassword !== newPassword) expect(after.context.errors.confirmPassword).toBe(passwordMessages.confirmMismatch);
        }
      }
      if (event.type === 'xstate.done.actor.changePassword') {
        // Once changed, no password stays in the page's memory.
        expect(after.context).toMatchObject({ currentPassword: '', newPassword: '', confirmPassword: '', errors: {}, failure: null });
        expect(selectIsChanged(after)).toBe(true);
      }
      if (event.type === 'xstate.error.actor.changePassword') {
        // A refusal keeps what was typed, so the person corrects only what was wrong.
        expect(after.context.newPassword).toBe(before.context.newPassword);
        expect(after.context.failure).not.toBeNull();
        if (!(event.error instanceof Error)) expect(after.context.errors).toEqual(wrongCurrent.fieldErrors);
      }
      if (event.type === 'field.change') expect(after.context.errors[event.field]).toBeUndefined();
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    expect(snapshot.context).toEqual(path.state.context);
    actor.stop();
  },
});
