import { fromPromise, type AnyActorRef, type EventObject, type PromiseActorLogic } from 'xstate';

/** A completion the walk's graph holds for an invoked promise actor: `xstate.done.actor.<id>` or `xstate.error.actor.<id>`. */
export type ActorCompletion = EventObject & { output?: unknown; error?: unknown };

const COMPLETION = /^xstate\.(done|error)\.actor\.(.+)$/;

/** The invoked actor's id and whether it succeeded, when the event is a completion of one; null otherwise. */
function completionOf(event: EventObject): { id: string; done: boolean } | null {
  const match = COMPLETION.exec(event.type);
  return match ? { id: match[2]!, done: match[1] === 'done' } : null;
}

/**
 * Promise actors a path test answers itself. Each started actor waits, under the id it was invoked with, until the
 * walk reaches its completion event; `settle` then resolves it with the event's output or rejects it with its error,
 * so the machine receives the very event the graph holds, through its real invoke.
 */
export interface ControlledActors {
  /** A promise actor the walk answers; `onStart` sees each call's input (the requests a test checks). */
  promise<O, I = unknown>(onStart?: (input: I) => void): PromiseActorLogic<O, I>;
  /** Answers the running actor a completion names; false when the event is no completion. Throws for an actor not running. */
  settle(event: ActorCompletion): boolean;
  /** Whether an actor invoked with this id waits for its answer. */
  isRunning(id: string): boolean;
}

export function controlledActors(): ControlledActors {
  const running = new Map<string, { resolve: (output: unknown) => void; reject: (error: unknown) => void }>();
  return {
    promise<O, I>(onStart?: (input: I) => void) {
      return fromPromise<O, I>(({ input, self }) => {
        onStart?.(input);
        return new Promise<O>((resolve, reject) => {
          running.set(self.id, { resolve: (output) => resolve(output as O), reject });
        });
      });
    },
    settle(event) {
      const completion = completionOf(event);
      if (!completion) return false;
      const call = running.get(completion.id);
      if (!call) throw new Error(`actor ${completion.id} is not running`);
      running.delete(completion.id);
      if (completion.done) call.resolve(event.output);
      else call.reject(event.error);
      return true;
    },
    isRunning: (id) => running.has(id),
  };
}

/**
 * Lets promise settlements and the events they raise reach the machine before the test looks at it: a few microtask
 * rounds (a settlement that starts another actor) and then a task.
 */
export async function settled(): Promise<void> {
  for (let round = 0; round < 3; round += 1) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** One step of a walk: a completion answers its actor, any other event goes to the machine; then everything settles. */
export async function applyStep(actor: AnyActorRef, actors: ControlledActors, event: EventObject): Promise<void> {
  if (!actors.settle(event)) actor.send(event);
  await settled();
}
