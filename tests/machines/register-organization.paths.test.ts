import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { applyStep, controlledActors } from '../support/controlledActors.ts';
import { describeMachinePaths } from '../support/describeMachinePaths.ts';
import { pathsCoveringEveryEdge } from '../support/machineGraph.ts';
import type { CreateOrganizationInput } from '../../domain/organization.ts';
import { registerOrganizationMachine } from '../../machines/register-organization/registerOrganization.machine.ts';
import type { RegisterOrganizationSnapshot } from '../../machines/register-organization/selectors.ts';
import type {
  RegisterOrganizationActorId,
  RegisterOrganizationActorInputs,
  RegisterOrganizationActorOutputs,
  RegisterOrganizationEvent,
  RegistrationFailure,
} from '../../machines/register-organization/types.ts';

// ---------------------------------------------------------------------------------------------
// Fixtures, checked by tsc against the machine's types.
// ---------------------------------------------------------------------------------------------

type EventFixtures = { [K in RegisterOrganizationEvent['type']]: readonly Extract<RegisterOrganizationEvent, { type: K }>[] };
type ActorOutcomeFixtures = {
  [K in RegisterOrganizationActorId]: {
    done: readonly RegisterOrganizationActorOutputs[K][];
    error: readonly RegistrationFailure[];
  };
};

const validPayload: CreateOrganizationInput = {
  name: 'Comune di Prova',
  formaGiuridica: 3,
  pIva: '12345678903',
  codiceAteco: '84.11.10',
  publicParticipation: false,
  description: 'Ente locale',
  email: 'protocollo@comune.prova.it',
  telephone: '0612345678',
  privacy: true,
  contactReference: 'Giulia Rossi',
  legaleRappresentanteNome: 'Giulia',
  legaleRappresentanteCognome: 'Verdi',
  legaleRappresentanteCodiceFiscale: 'VRDGLI85T52F205T',
};

const eventFixtures = {
  'field.change': [
    { type: 'field.change', field: 'name' },
    { type: 'field.change', field: 'pIva' },
  ],
  'form.submit': [
    { type: 'form.submit', payload: validPayload },
    // Privacy not accepted: the schema refuses it, nothing is sent.
    { type: 'form.submit', payload: { ...validPayload, privacy: false } },
  ],
} as const satisfies EventFixtures;

const actorOutcomes = {
  createOrganization: {
    done: [{ orgId: '0b8e5d3c-7a41-4f7e-9c1d-3e2f1a0b9c8d' }],
    error: [
      {
        status: 400,
        message: 'Nome: Inserire almeno 3 caratteri',
        issues: [{ field: 'name', message: 'Inserire almeno 3 caratteri' }],
      },
      { status: 409, message: 'La P.IVA inserita risulta già registrata nella piattaforma', issues: [] },
      { status: 503, message: 'Si è verificato un errore imprevisto. Riprova tra poco.', issues: [] },
    ],
  },
  refreshUser: {
    done: [undefined],
    error: [{ status: null, message: 'Impossibile contattare il server. Controlla la connessione e riprova.', issues: [] }],
  },
} as const satisfies ActorOutcomeFixtures;

type ActorDoneEvent = { type: `xstate.done.actor.${RegisterOrganizationActorId}`; output: unknown };
type ActorErrorEvent = { type: `xstate.error.actor.${RegisterOrganizationActorId}`; error: RegistrationFailure };
type GraphEvent = RegisterOrganizationEvent | ActorDoneEvent | ActorErrorEvent;

const actorIds = Object.keys(actorOutcomes) as RegisterOrganizationActorId[];

const graphEvents: GraphEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...actorIds.flatMap((id): GraphEvent[] => [
    ...actorOutcomes[id].done.map((output): GraphEvent => ({ type: `xstate.done.actor.${id}`, output })),
    ...actorOutcomes[id].error.map((error): GraphEvent => ({ type: `xstate.error.actor.${id}`, error })),
  ]),
];

const traversal = {
  events: graphEvents as RegisterOrganizationEvent[],
  filterEvents: (snapshot: RegisterOrganizationSnapshot, event: RegisterOrganizationEvent) => snapshot.can(event),
};

type Path = StatePath<RegisterOrganizationSnapshot, RegisterOrganizationEvent>;

const walk = pathsCoveringEveryEdge(registerOrganizationMachine, traversal);
const { paths } = walk;

// ---------------------------------------------------------------------------------------------
// Replay: invoked actors are promises the test settles; host effects are recorded.
// ---------------------------------------------------------------------------------------------

function startReplay() {
  const sent: CreateOrganizationInput[] = [];
  const announced: string[] = [];
  const controls = controlledActors();
  const controlled = <K extends RegisterOrganizationActorId>() =>
    controls.promise<RegisterOrganizationActorOutputs[K], RegisterOrganizationActorInputs[K]>((input) => {
      if ('payload' in input) sent.push(input.payload);
    });

  const actor = createActor(
    registerOrganizationMachine.provide({
      actors: { createOrganization: controlled<'createOrganization'>(), refreshUser: controlled<'refreshUser'>() },
      actions: {
        announceFailure: ({ context }) => announced.push(`failure:${context.failure?.kind ?? 'none'}`),
        announceRegistered: ({ context }) => announced.push(`registered:${context.orgId ?? 'none'}`),
      },
    }),
  );
  actor.start();

  async function apply(event: GraphEvent): Promise<void> {
    await applyStep(actor, controls, event);
  }

  return { actor, sent, announced, apply };
}

function describeEvent(event: GraphEvent): string {
  const name = event.type.replace(/^xstate\./, '');
  if ('error' in event) return `${name}(${event.error.status ?? 'no answer'})`;
  if (event.type === 'field.change') return `${name}(${event.field})`;
  if (event.type === 'form.submit') return `${name}(${event.payload.privacy === true ? 'valid' : 'privacy missing'})`;
  return name;
}

function describePath(path: Path): string {
  const events = path.steps.slice(1).map((step) => describeEvent(step.event as GraphEvent));
  return `${JSON.stringify(path.state.value)} via ${events.join(' → ') || '(start)'}`;
}

describeMachinePaths({
  title: 'register-organization machine',
  machine: registerOrganizationMachine,
  walks: [walk],
  maxPaths: 200,
  name: describePath,

  replay: async (path) => {
    const { actor, sent, announced, apply } = startReplay();
    for (const step of path.steps.slice(1)) {
      await apply(step.event);
      expect(actor.getSnapshot().value).toEqual(step.state.value);
    }
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(path.state.value);
    expect(snapshot.context).toEqual(path.state.context);

    // Only payloads the domain schema accepts ever leave the browser.
    for (const payload of sent) expect(payload.privacy).toBe(true);
    const lastEvent = path.steps.at(-1)?.event as GraphEvent | undefined;
    if (lastEvent?.type === 'xstate.error.actor.createOrganization') {
      const status = lastEvent.error.status;
      const kind = status !== null && status < 500 ? 'notRegistered' : 'callFailed';
      expect(announced.at(-1)).toBe(`failure:${kind}`);
      if (status === 409) expect(snapshot.context.serverErrors).toEqual({ pIva: lastEvent.error.message });
      if (status === 400) expect(snapshot.context.serverErrors).toEqual({ name: 'Inserire almeno 3 caratteri' });
    }
    if (snapshot.matches('registered')) {
      expect(announced.at(-1)).toBe(`registered:${snapshot.context.orgId}`);
      expect(snapshot.status).toBe('done');
    }
    actor.stop();
  },
  coverage: () => {
    it('reaches every state of the machine', () => {
      const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
      for (const state of Object.keys(registerOrganizationMachine.root.states)) {
        expect(reached).toContain(JSON.stringify(state));
      }
    });
  },
});
