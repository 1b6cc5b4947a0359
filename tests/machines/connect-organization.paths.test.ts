import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { applyStep, controlledActors } from '../support/controlledActors.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge } from '../support/machineGraph.ts';
import { connectOrganizationMachine } from '../../machines/connect-organization/connectOrganization.machine.ts';
import type { ConnectOrganizationSnapshot } from '../../machines/connect-organization/selectors.ts';
import type {
  ConnectOrganizationActorId,
  ConnectOrganizationActorInputs,
  ConnectOrganizationActorOutputs,
  ConnectOrganizationEvent,
  LookupFailure,
} from '../../machines/connect-organization/types.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures, checked by tsc against the machine's types: a new event or invoked actor without
// fixtures fails the type check. The look-up's answer does not depend on which VAT was typed in
// the graph, so one complete VAT is enough; the others exercise the box (partial, letters, too long).
// ---------------------------------------------------------------------------------------------

type EventFixtures = { [K in ConnectOrganizationEvent['type']]: readonly Extract<ConnectOrganizationEvent, { type: K }>[] };
type ActorOutcomeFixtures = {
  [K in ConnectOrganizationActorId]: { done: readonly ConnectOrganizationActorOutputs[K][]; error: readonly LookupFailure[] };
};

const COMPLETE_VAT = '12345678903';

const eventFixtures = {
  'vat.change': [
    { type: 'vat.change', value: COMPLETE_VAT },
    { type: 'vat.change', value: '123' },
    // Letters are not inserted: from an empty box nothing changes.
    { type: 'vat.change', value: 'abc' },
    // A paste longer than 11 digits keeps the first 11: the same VAT as above.
    { type: 'vat.change', value: `IT ${COMPLETE_VAT}99` },
  ],
  'vat.confirm': [{ type: 'vat.confirm' }],
  'dialog.close': [{ type: 'dialog.close' }],
} as const satisfies EventFixtures;

const actorOutcomes = {
  lookupPIva: {
    done: [{ pIva: COMPLETE_VAT, id: '6f1c2a52-8f43-4d7e-9a3b-2a1f0c9d8e7b', name: 'Comune di Prova' }],
    error: [
      { status: 404, message: 'La P.IVA inserita non risulta registrata nella piattaforma' },
      { status: 400, message: 'La P.IVA inserita non è valida' },
      { status: null, message: 'Impossibile contattare il server. Controlla la connessione e riprova.' },
    ],
  },
} as const satisfies ActorOutcomeFixtures;

type ActorDoneEvent = { type: `xstate.done.actor.${ConnectOrganizationActorId}`; output: unknown };
type ActorErrorEvent = { type: `xstate.error.actor.${ConnectOrganizationActorId}`; error: LookupFailure };
type GraphEvent = ConnectOrganizationEvent | ActorDoneEvent | ActorErrorEvent;

const actorIds = Object.keys(actorOutcomes) as ConnectOrganizationActorId[];

const graphEvents: GraphEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...actorIds.flatMap((id): GraphEvent[] => [
    ...actorOutcomes[id].done.map((output): GraphEvent => ({ type: `xstate.done.actor.${id}`, output })),
    ...actorOutcomes[id].error.map((error): GraphEvent => ({ type: `xstate.error.actor.${id}`, error })),
  ]),
];

// Actor completions are events too at run time; only those the current state accepts are followed.
const traversal = {
  events: graphEvents as ConnectOrganizationEvent[],
  filterEvents: (snapshot: ConnectOrganizationSnapshot, event: ConnectOrganizationEvent) => snapshot.can(event),
};

type Path = StatePath<ConnectOrganizationSnapshot, ConnectOrganizationEvent>;

const walk = pathsCoveringEveryEdge(connectOrganizationMachine, traversal);
const { paths, edges } = walk;

// ---------------------------------------------------------------------------------------------
// Replay on a real actor whose look-up is a promise the test settles.
// ---------------------------------------------------------------------------------------------

function startReplay() {
  const lookups: string[] = [];
  const controls = controlledActors();

  const actor = createActor(
    connectOrganizationMachine.provide({
      actors: {
        lookupPIva: controls.promise<ConnectOrganizationActorOutputs['lookupPIva'], ConnectOrganizationActorInputs['lookupPIva']>((input) =>
          lookups.push(input.pIva),
        ),
      },
    }),
  );
  actor.start();

  async function apply(event: GraphEvent): Promise<void> {
    await applyStep(actor, controls, event);
  }

  return { actor, lookups, apply };
}

function describeEvent(event: GraphEvent): string {
  const name = event.type.replace(/^xstate\./, '');
  if ('error' in event) return `${name}(${event.error.status ?? 'no answer'})`;
  if ('value' in event) return `${name}("${event.value}")`;
  return name;
}

function describePath(path: Path): string {
  const events = path.steps.slice(1).map((step) => describeEvent(step.event as GraphEvent));
  return `${JSON.stringify(path.state.value)} [${path.state.context.pIva}] via ${events.join(' → ') || '(start)'}`;
}

describeMachinePaths({
  title: 'connect-organization machine',
  machine: connectOrganizationMachine,
  walks: [walk],
  maxPaths: 200,
  name: describePath,

  replay: async (path) => {
    const { actor, lookups, apply } = startReplay();
    for (const step of path.steps.slice(1)) {
      await apply(step.event);
      expect(actor.getSnapshot().value).toEqual(step.state.value);
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    expect(snapshot.context).toEqual(path.state.context);

    // The box never holds anything but up to 11 digits.
    expect(snapshot.context.pIva).toMatch(/^\d{0,11}$/);
    // Only complete numbers are ever looked up.
    for (const pIva of lookups) expect(pIva).toMatch(/^\d{11}$/);
    // A result always belongs to the number in the box: a new number forgets the old answer.
    if (snapshot.matches('Default')) {
      expect(snapshot.context.organization).toBeNull();
      expect(snapshot.context.error).toBeNull();
    }
    if (snapshot.matches('AlreadyRegisteredOpen')) expect(snapshot.context.organization).not.toBeNull();
    actor.stop();
  },
  coverage: () => {
    it('reaches every state of the machine', () => {
      const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
      for (const state of Object.keys(connectOrganizationMachine.root.states)) {
        expect(reached).toContain(JSON.stringify(state));
      }
    });

    it('takes every transition declared in the machine config, from every state for the root ones', () => {
      const walked = new Set(
        edges.map((edge) => `${JSON.stringify(edge.state.value)} ${edge.event.type} ${JSON.stringify(edge.nextState.value)}`),
      );
      const declared: string[] = [];
      for (const [name, node] of Object.entries(connectOrganizationMachine.root.states)) {
        for (const [eventType, transitions] of node.transitions) {
          for (const transition of transitions) declared.push(`"${name}" ${eventType} "${transition.target?.[0]?.key ?? name}"`);
        }
      }
      for (const [eventType, transitions] of connectOrganizationMachine.root.transitions) {
        for (const transition of transitions) {
          const target = transition.target?.[0]?.key;
          for (const name of Object.keys(connectOrganizationMachine.root.states)) declared.push(`"${name}" ${eventType} "${target}"`);
        }
      }
      expect(declared.filter((transition) => !walked.has(transition))).toEqual([]);
    });
  },
});
