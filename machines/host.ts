import { fromCallback, fromPromise, type EventObject } from 'xstate';

/**
 * What a machine leaves to its host (the browser, the server, a test): every side effect is a named actor or
 * action in `setup()`, and the host supplies the real one with `machine.provide({ actors, actions })`. These are
 * the stand-ins a machine declares until then, the same in every machine: an actor the host did not supply fails
 * and names itself; an action the host did not supply does nothing.
 */

function notSupplied(machine: string, actor: string): Error {
  return new Error(`${machine} machine: actor "${actor}" must be supplied with machine.provide({ actors })`);
}

/** A promise actor the host supplies; until then it rejects, naming the machine and the actor. */
export function hostPromise<Output, Input>(machine: string, actor: string) {
  return fromPromise<Output, Input>(() => Promise.reject(notSupplied(machine, actor)));
}

/**
 * The promise actors of a machine whose types list each actor's input and output by name:
 * `const fromHost = hostPromises<Outputs, Inputs>('auth')`, then `loadUser: fromHost('loadUser')`.
 */
export function hostPromises<Outputs, Inputs extends { [K in keyof Outputs]: unknown }>(machine: string) {
  return <K extends keyof Outputs & string>(actor: K) => hostPromise<Outputs[K], Inputs[K]>(machine, actor);
}

/** A callback actor the host supplies (it reports events while it runs); until then it fails as it starts. */
export function hostCallback<Received extends EventObject, Input>(machine: string, actor: string) {
  return fromCallback<Received, Input>(() => {
    throw notSupplied(machine, actor);
  });
}

/**
 * A host action (a notification, navigation, the browser's storage, reporting to a parent): does nothing until
 * supplied with `.provide({ actions })`. `hostAction<{ state: S }>()` declares the params the host receives.
 */
export function hostAction(): () => void;
export function hostAction<Params>(): (args: unknown, params: Params) => void;
export function hostAction(): () => void {
  return () => {};
}
