import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { applyStep, controlledActors } from '../support/controlledActors.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge, recordTakenTransitions } from '../support/machineGraph.ts';
import { joinReasonProblem, type MyJoinRequest } from '../../domain/joinRequest.ts';
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
const REASON = 'Sono la responsabile amministrativa del comune.';
const pendingRequest: MyJoinRequest = {
  id: '0b7f6f1e-3c1a-4c55-9f7e-2d7d0f3b1a10',
  organizationName: 'Comune di Prova',
  status: 'pending',
  createdAt: '2026-03-01T09:00:00.000Z',
  decidedAt: null,
  expiresAt: '2026-03-31T09:00:00.000Z',
  decisionNote: null,
};

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
  'join.open': [{ type: 'join.open' }],
  // A reason long enough, and one too short to be sent.
  'reason.change': [
    { type: 'reason.change', value: REASON },
    { type: 'reason.change', value: 'corto' },
  ],
  'join.send': [{ type: 'join.send' }],
  'join.cancel': [{ type: 'join.cancel' }],
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
  requestJoin: {
    done: [pendingRequest],
    error: [{ status: 409, message: 'Fai già parte di questa organizzazione: la trovi tra le tue organizzazioni.' }],
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
const { paths } = walk;
const takenTransitions = new Set<string>();

// ---------------------------------------------------------------------------------------------
// Replay on a real actor whose look-up is a promise the test settles.
// ---------------------------------------------------------------------------------------------

function startReplay() {
  const lookups: string[] = [];
  const sentReasons: string[] = [];
  const announced: string[] = [];
  const controls = controlledActors();

  const actor = createActor(
    connectOrganizationMachine.provide({
      actors: {
        lookupPIva: controls.promise<ConnectOrganizationActorOutputs['lookupPIva'], ConnectOrganizationActorInputs['lookupPIva']>((input) =>
          lookups.push(input.pIva),
        ),
        requestJoin: controls.promise<ConnectOrganizationActorOutputs['requestJoin'], ConnectOrganizationActorInputs['requestJoin']>(
          (input) => sentReasons.push(input.reason),
        ),
      },
      actions: { announceJoinRequest: () => void announced.push('announced') },
    }),
    { inspect: recordTakenTransitions(takenTransitions) },
  );
  actor.start();

  async function apply(event: GraphEvent): Promise<void> {
    await applyStep(actor, controls, event);
  }

  return { actor, lookups, sentReasons, announced, apply };
}

function describeEvent(event: GraphEvent): string {
  const name = event.type.replace(/^xstate\./, '');
  if ('error' in event) return `${name}(${event.error.status ?? 'no answer'})`;
  if ('value' in event) return `${name}("${event.value.slice(0, 12)}")`;
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
  taken: () => takenTransitions,

  replay: async (path) => {
    const { actor, lookups, sentReasons, announced, apply } = startReplay();
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
    // Only a reason of the right length is ever sent, and a sent request is announced once, for the list to reload.
    for (const reason of sentReasons) expect(joinReasonProblem(reason)).toBeNull();
    if (snapshot.matches('JoinSent')) {
      expect(snapshot.context.joinRequest).toEqual(pendingRequest);
      const sent = path.steps.filter((step) => (step.event as GraphEvent).type === 'xstate.done.actor.requestJoin').length;
      expect(announced).toEqual(Array.from({ length: sent }, () => 'announced'));
    }
    actor.stop();
  },
  coverage: () => {
    it('reaches every state of the machine', () => {
      const topLevel = (value: unknown) => (typeof value === 'string' ? value : Object.keys(value as object)[0]);
      const reached = new Set(paths.map((path) => topLevel(path.state.value)));
      for (const state of Object.keys(connectOrganizationMachine.root.states)) expect(reached).toContain(state);
    });
  },
});
